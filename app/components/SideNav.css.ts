import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../styles/theme.css";

/** Phones and tablets: the groups fold into "Browse categories". */
export const phone = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  "@media": { [mq.desktop]: { display: "none" } },
});

export const summary = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  minHeight: vars.space[12],
  paddingInline: vars.space[4],
  fontWeight: vars.fontWeight.semibold,
  cursor: "pointer",
  listStyle: "none",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});

export const chevron = style({
  color: vars.color.textMuted,
  transition: `transform ${vars.transition.normal}`,
  selectors: { [`${phone}[open] > summary > &`]: { transform: "rotate(180deg)" } },
});

export const phoneGroups = style({
  paddingInline: vars.space[2],
  paddingBottom: vars.space[4],
  borderTop: `1px solid ${vars.color.border}`,
});

export const desktop = style({
  display: "none",
  "@media": { [mq.desktop]: { display: "block" } },
});

export const group = style({ paddingTop: vars.space[4] });

export const heading = style({
  marginBottom: vars.space[2],
  paddingInline: vars.space[3],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "0.06em",
  textTransform: "uppercase",
});

export const link = style({
  display: "block",
  paddingBlock: vars.space[2],
  paddingInline: vars.space[3],
  borderRadius: vars.radius.md,
  color: vars.color.text,
  lineHeight: vars.lineHeight.snug,
  textDecoration: "none",
  selectors: {
    "&:hover": { background: vars.color.surfaceSunken, color: vars.color.text },
    '&[aria-current="page"]': {
      background: vars.color.brandSubtle,
      color: vars.color.brand,
      fontWeight: vars.fontWeight.semibold,
    },
  },
});
