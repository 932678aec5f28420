import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../../styles/theme.css";

export const section = style({
  display: "grid",
  gap: vars.space[4],
  padding: vars.space[5],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  "@media": { [mq.tablet]: { gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)", alignItems: "start" } },
});
export const heading = style({ fontSize: vars.fontSize.xl, "@media": { [mq.tablet]: { gridColumn: "1 / -1" } } });
export const subheading = style({ fontSize: vars.fontSize.lg, marginBottom: vars.space[2] });
export const list = style({ display: "grid", gap: vars.space[3], listStyle: "none", padding: 0, margin: 0 });
export const item = style({
  display: "grid",
  gap: vars.space[1],
  padding: vars.space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
/** An inactive webhook: dashed, so it reads as "not working" before its reason is read. */
export const inactiveItem = style({ borderStyle: "dashed", background: vars.color.surface });
export const itemHead = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: vars.space[2] });
export const name = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: "anywhere" });
export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const url = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, overflowWrap: "anywhere", wordBreak: "break-all" });
export { error, field, form, hint, label, problem } from "~/components/FormField.css";
