import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const form = style({ display: "grid", gap: vars.space[2] });
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

const field = {
  width: "100%",
  padding: vars.space[2],
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
} as const;
export const input = style(field);
export const select = style(field);

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const problem = style({ padding: vars.space[3], borderRadius: vars.radius.md, background: vars.color.dangerBg, fontSize: vars.fontSize.sm });
