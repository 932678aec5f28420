import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

export const root = style({ position: "relative" });

export const summary = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: vars.space[11],
  height: vars.space[11],
  borderRadius: vars.radius.pill,
  cursor: "pointer",
  listStyle: "none",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});

export const avatar = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flexShrink: 0,
  width: vars.space[9],
  height: vars.space[9],
  borderRadius: vars.radius.pill,
  overflow: "hidden",
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  objectFit: "cover",
});

export const avatarLarge = style({ width: vars.space[12], height: vars.space[12], fontSize: vars.fontSize.md });

export const popover = style({
  position: "absolute",
  insetInlineEnd: 0,
  top: `calc(100% + ${vars.space[2]})`,
  zIndex: vars.zIndex.drawer,
  display: "grid",
  gap: vars.space[3],
  width: "280px",
  maxWidth: "calc(100vw - 16px)",
  padding: vars.space[4],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
});

export const identity = style({ display: "flex", alignItems: "center", gap: vars.space[3], minWidth: 0 });

export const name = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: "anywhere" });

export const email = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: "anywhere" });

export const menuLink = style({
  display: "block",
  paddingBlock: vars.space[2],
  paddingInline: vars.space[3],
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  selectors: { "&:hover": { background: vars.color.surfaceSunken, color: vars.color.text } },
});

export const divider = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space[2] });
