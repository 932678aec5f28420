// Button looks shared by <button> and <a>: primary, secondary, link-like, and a square icon button.
import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

const base = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space[2],
  minHeight: vars.space[10],
  paddingInline: vars.space[4],
  border: "1px solid transparent",
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  textDecoration: "none",
  whiteSpace: "nowrap",
  cursor: "pointer",
  transition: `background-color ${vars.transition.fast}, border-color ${vars.transition.fast}, color ${vars.transition.fast}`,
});

export const buttonStyles = styleVariants({
  primary: [
    base,
    {
      background: vars.color.brand,
      color: vars.color.onBrand,
      selectors: { "&:hover": { background: vars.color.brandStrong, color: vars.color.onBrand } },
    },
  ],
  secondary: [
    base,
    {
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.borderStrong,
      selectors: { "&:hover": { background: vars.color.surfaceAlt, color: vars.color.text } },
    },
  ],
  ghost: [
    base,
    {
      background: "transparent",
      color: vars.color.text,
      selectors: { "&:hover": { background: vars.color.surfaceSunken, color: vars.color.text } },
    },
  ],
  link: {
    display: "inline",
    padding: 0,
    border: 0,
    background: "none",
    color: vars.color.brand,
    font: "inherit",
    textDecoration: "underline",
    textUnderlineOffset: "0.15em",
    cursor: "pointer",
    selectors: { "&:hover": { color: vars.color.brandStrong } },
  },
});

export type ButtonVariant = keyof typeof buttonStyles;

/** A 44 px square target for icon-only controls (menu, search toggle, close). */
export const iconButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: vars.space[11],
  height: vars.space[11],
  padding: 0,
  border: 0,
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
  listStyle: "none",
  selectors: {
    "&:hover": { background: vars.color.surfaceSunken },
    "&::-webkit-details-marker": { display: "none" },
  },
});
