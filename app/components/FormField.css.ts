// The look of the hub's small forms (add a bot, My Webhooks): a grid of labelled fields, hints,
// field errors and a form-level problem. One place, so they stay alike.
import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

export const form = style({ display: "grid", gap: vars.space[2] });
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });
/** Inputs and selects; a field marked aria-invalid gets a thicker red border. */
export const field = style({
  width: "100%",
  padding: vars.space[2],
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: "2px" } },
});
export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });
export const problem = style({ padding: vars.space[3], borderRadius: vars.radius.md, background: vars.color.dangerBg, fontSize: vars.fontSize.sm });
