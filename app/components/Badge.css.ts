// Small pill labels (app type, coming soon).
import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

const base = style({
  display: "inline-flex",
  alignItems: "center",
  paddingBlock: "2px",
  paddingInline: vars.space[2],
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.normal,
  whiteSpace: "nowrap",
});

export const badgeTones = styleVariants({
  neutral: [base, { background: vars.color.surfaceSunken, color: vars.color.textMuted }],
  brand: [base, { background: vars.color.brandSubtle, color: vars.color.brand }],
  warning: [base, { background: vars.color.warningBg, color: vars.color.warningText }],
  success: [base, { background: vars.color.successBg, color: vars.color.success }],
  danger: [base, { background: vars.color.dangerBg, color: vars.color.danger }],
});
