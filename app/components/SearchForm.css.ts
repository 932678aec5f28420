import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

export const form = style({
  position: "relative",
  display: "flex",
  alignItems: "center",
  width: "100%",
});

export const input = style({
  width: "100%",
  height: vars.space[10],
  paddingInlineStart: vars.space[4],
  paddingInlineEnd: vars.space[12],
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  selectors: {
    "&::placeholder": { color: vars.color.textMuted, opacity: 1 },
    "&:hover": { borderColor: vars.color.textMuted },
    "&:focus-visible": { outlineOffset: "1px", borderColor: vars.color.focus },
    // The submit button is our clear affordance; the native one duplicates it.
    "&::-webkit-search-cancel-button": { cursor: "pointer" },
  },
});

export const submit = style({
  position: "absolute",
  insetInlineEnd: vars.space[1],
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: vars.space[8],
  height: vars.space[8],
  padding: 0,
  border: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.onBrand,
  selectors: { "&:hover": { background: vars.color.brandStrong } },
});
