import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

export const root = style({});

export const menuIcon = style({
  selectors: { [`${root}[open] &`]: { display: "none" } },
});

export const closeIcon = style({
  display: "none",
  selectors: { [`${root}[open] &`]: { display: "block" } },
});

export const panel = style({
  position: "absolute",
  top: "100%",
  insetInline: 0,
  zIndex: vars.zIndex.drawer,
  maxHeight: [`calc(100vh - ${vars.layout.headerHeight})`, `calc(100dvh - ${vars.layout.headerHeight})`],
  overflowY: "auto",
  overscrollBehavior: "contain",
  paddingBlock: vars.space[2],
  paddingInline: vars.space[4],
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.lg,
});

export const user = style({
  display: "grid",
  gap: vars.space[1],
  paddingBlock: vars.space[3],
  borderBottom: `1px solid ${vars.color.border}`,
});

export const userName = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: "anywhere" });

export const userEmail = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: "anywhere" });

export const group = style({ borderBottom: `1px solid ${vars.color.border}` });

export const groupSummary = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  minHeight: vars.space[12],
  cursor: "pointer",
  fontWeight: vars.fontWeight.semibold,
  listStyle: "none",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});

export const chevron = style({
  color: vars.color.textMuted,
  transition: `transform ${vars.transition.normal}`,
  selectors: { [`${group}[open] > summary > &`]: { transform: "rotate(180deg)" } },
});

export const list = style({ paddingBottom: vars.space[2] });

export const link = style({
  display: "block",
  paddingBlock: vars.space[2],
  paddingInline: vars.space[3],
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    "&:hover": { background: vars.color.surfaceSunken, color: vars.color.text },
    '&[aria-current="page"]': { background: vars.color.brandSubtle, color: vars.color.brand, fontWeight: vars.fontWeight.semibold },
  },
});

export const primaryLink = style([link, { fontWeight: vars.fontWeight.semibold, marginTop: vars.space[2] }]);

export const actions = style({
  display: "grid",
  gap: vars.space[2],
  paddingBlock: vars.space[4],
});

/** The link groups' wrapper (their HTML is rendered ahead on the server): no box of its own. */
export const groups = style({ display: "contents" });
