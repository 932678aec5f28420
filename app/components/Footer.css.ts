import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../styles/theme.css";

export const inner = style({
  display: "grid",
  gap: vars.space[8],
  maxWidth: vars.layout.contentMax,
  marginInline: "auto",
  paddingBlock: vars.space[10],
  paddingInline: vars.layout.gutter,
  "@media": { [mq.desktop]: { paddingInline: vars.layout.gutterWide } },
});

export const top = style({
  display: "grid",
  gap: vars.space[8],
  "@media": { [mq.desktop]: { gridTemplateColumns: "minmax(220px, 1.2fr) 3fr" } },
});

export const brand = style({ display: "grid", alignContent: "start", gap: vars.space[4] });

export const brandName = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space[2],
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const logo = style({ color: vars.color.brand });

export const tagline = style({ color: vars.color.textMuted, maxWidth: "32ch" });

export const groups = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space[8],
  "@media": { [mq.tablet]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" } },
});

export const groupTitle = style({
  marginBottom: vars.space[3],
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const list = style({ display: "grid", gap: vars.space[1] });

export const link = style({
  display: "inline-block",
  paddingBlock: vars.space[1],
  color: vars.color.textMuted,
  textDecoration: "none",
  selectors: { "&:hover": { color: vars.color.brand, textDecoration: "underline" } },
});

export const social = style({ display: "flex", gap: vars.space[2] });

export const socialLink = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: vars.space[10],
  height: vars.space[10],
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.textMuted,
  selectors: { "&:hover": { color: vars.color.brand, borderColor: vars.color.brand } },
});

export const bottom = style({
  paddingTop: vars.space[6],
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
});
