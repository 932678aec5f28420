import { globalStyle, style } from "@vanilla-extract/css";
import { mq, vars } from "../../../styles/theme.css";
import { visuallyHiddenRules } from "../../../styles/global.css";

export const page = style({
  maxWidth: vars.layout.contentMax,
  margin: "0 auto",
  padding: `${vars.space[8]} ${vars.layout.gutter}`,
  display: "flex",
  flexDirection: "column",
  gap: vars.space[8],
  "@media": { [mq.desktop]: { padding: `${vars.space[10]} ${vars.layout.gutterWide}` } },
});
export const title = style({ fontSize: vars.fontSize["3xl"], margin: 0 });
export const lead = style({ margin: 0, color: vars.color.textMuted, maxWidth: "70ch" });
export const section = style({ display: "flex", flexDirection: "column", gap: vars.space[4] });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl });
export const items = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space[4] });
export const item = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space[2],
  padding: vars.space[5],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
export const itemHead = style({ margin: 0, display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "center", fontWeight: vars.fontWeight.semibold });
globalStyle(`${itemHead} a`, { color: vars.color.brand });
export const reviewTitle = style({ margin: 0, fontWeight: vars.fontWeight.semibold, overflowWrap: "anywhere" });
export const body = style({ margin: 0, whiteSpace: "pre-line", overflowWrap: "anywhere", maxWidth: "72ch" });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontWeight: vars.fontWeight.regular });
export const reports = style({ margin: 0, paddingInlineStart: vars.space[5], fontSize: vars.fontSize.sm });
export const buttons = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "flex-end" });
export const removeForm = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center" });
const tag = { padding: `0 ${vars.space[2]}`, borderRadius: vars.radius.pill, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold } as const;
export const hidden = style({ ...tag, background: vars.color.dangerBg, color: vars.color.danger });
export const visible = style({ ...tag, background: vars.color.surfaceSunken, color: vars.color.textMuted });
export const sr = style(visuallyHiddenRules);
