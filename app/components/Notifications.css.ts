import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

export const notice = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space[3],
  marginBlock: vars.space[3],
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  borderInlineStart: "4px solid",
  fontSize: vars.fontSize.sm,
});

export const level = styleVariants({
  success: { background: vars.color.successBg, borderColor: vars.color.success, color: vars.color.text },
  error: { background: vars.color.dangerBg, borderColor: vars.color.danger, color: vars.color.text },
  warning: { background: vars.color.warningBg, borderColor: vars.color.warningText, color: vars.color.text },
  info: { background: vars.color.brandSubtle, borderColor: vars.color.brand, color: vars.color.text },
});

export const text = style({ flex: 1, display: "grid", gap: vars.space[1] });

export const title = style({ fontWeight: vars.fontWeight.semibold });

export const dismiss = style({
  display: "inline-grid",
  placeItems: "center",
  flexShrink: 0,
  width: vars.space[8],
  height: vars.space[8],
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  selectors: { "&:hover": { background: "rgba(15, 26, 42, 0.08)" } },
});

export const icon = style({ width: vars.space[4], height: vars.space[4] });
