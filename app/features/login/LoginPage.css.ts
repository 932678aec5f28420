import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../../styles/theme.css";

export const page = style({
  display: "grid",
  placeItems: "center",
  minHeight: "100vh",
  padding: vars.layout.gutter,
  background: vars.color.surfaceAlt,
});

export const card = style({
  display: "grid",
  gap: vars.space[4],
  width: "100%",
  maxWidth: "420px",
  padding: vars.space[6],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  textAlign: "center",
  "@media": { [mq.tablet]: { padding: vars.space[10] } },
});

export const brand = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space[2],
  color: vars.color.text,
  fontWeight: vars.fontWeight.bold,
  textDecoration: "none",
});

export const logo = style({ width: vars.space[8], height: vars.space[8], color: vars.color.brand });

export const title = style({ fontSize: vars.fontSize["2xl"] });

export const lead = style({ color: vars.color.textMuted });

export const alert = style({
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  background: vars.color.warningBg,
  color: vars.color.warningText,
  fontSize: vars.fontSize.sm,
  textAlign: "start",
});

export const actions = style({ display: "grid", gap: vars.space[3] });

export const small = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
