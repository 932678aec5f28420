import { warningNote } from "../../../styles/warning-note.css";
import { globalStyle, style } from "@vanilla-extract/css";
import { panel } from "../../../styles/panel.css";
import { mq, vars } from "../../../styles/theme.css";

export const section = style({ display: "flex", flexDirection: "column", gap: vars.space[5], scrollMarginTop: vars.space[8] });
export const title = style({ margin: 0, fontSize: vars.fontSize.xl });
export const top = style({
  display: "grid",
  gap: vars.space[6],
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { [mq.tablet]: { gridTemplateColumns: "minmax(0, 18em) minmax(0, 1fr)" } },
});
export const summary = style({ display: "flex", flexDirection: "column", gap: vars.space[3] });
export const average = style({ margin: 0, display: "flex", flexWrap: "wrap", alignItems: "baseline", gap: vars.space[2] });
export const big = style({ fontSize: vars.fontSize["3xl"], fontWeight: vars.fontWeight.bold, lineHeight: 1 });
// #B54708: 4.9:1 on white (AA), a star's amber.
export const stars = style({ color: "#B54708", letterSpacing: "0.05em" });
export const countLine = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const none = style({ color: vars.color.textMuted, margin: 0 });
export const bars = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space[1] });
export const barRow = style({ display: "grid", gridTemplateColumns: "4.5em minmax(0, 1fr) 2.5em", alignItems: "center", gap: vars.space[2], fontSize: vars.fontSize.sm });
export const barLabel = style({ whiteSpace: "nowrap" });
export const bar = style({
  appearance: "none",
  display: "block",
  width: "100%",
  height: "0.6em",
  border: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceSunken,
});
globalStyle(`${bar}::-webkit-meter-bar`, { background: vars.color.surfaceSunken, border: 0, borderRadius: vars.radius.pill, height: "0.6em" });
globalStyle(`${bar}::-webkit-meter-optimum-value, ${bar}::-webkit-meter-suboptimum-value, ${bar}::-webkit-meter-even-less-good-value`, { background: "#B54708" });
globalStyle(`${bar}::-moz-meter-bar`, { background: "#B54708" });
export const barCount = style({ textAlign: "end", color: vars.color.textMuted });

export const prompt = style({ margin: 0, display: "flex", flexDirection: "column", gap: vars.space[3], alignItems: "flex-start" });
globalStyle(`${prompt} a`, { color: vars.color.brand, fontWeight: vars.fontWeight.semibold });
globalStyle(`${prompt} p`, { margin: 0 });
export const form = style([panel, { gap: vars.space[4], background: vars.color.surface }]);
export const formTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const ratingField = style({ border: 0, margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space[2] });
export const ratingChoices = style({ display: "flex", flexDirection: "column", gap: vars.space[1] });
export const ratingChoice = style({ display: "flex", alignItems: "center", gap: vars.space[2], cursor: "pointer", minHeight: "32px" });
export const buttons = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "center" });
export const own = style([panel, { gap: vars.space[2] }]);
export const notice = warningNote;

export const sortSelect = style({ width: "auto", minWidth: "12em" });
export const sortForm = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space[2] });
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" });
export const review = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space[1],
  paddingBlock: vars.space[4],
  borderTop: `1px solid ${vars.color.border}`,
  scrollMarginTop: vars.space[8],
});
export const reviewStars = style({ margin: 0 });
export const reviewTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, overflowWrap: "anywhere" });
export const byline = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const reviewBody = style({ margin: `${vars.space[1]} 0 0`, whiteSpace: "pre-line", overflowWrap: "anywhere", lineHeight: vars.lineHeight.normal, maxWidth: "72ch" });
export const reviewActions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space[4], marginTop: vars.space[2], fontSize: vars.fontSize.sm });
export const helpfulCount = style({ color: vars.color.textMuted });
export const inlineForm = style({ display: "inline-flex", alignItems: "center", gap: vars.space[1] });
export const reportLink = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const reportForm = style({ display: "flex", flexDirection: "column", gap: vars.space[3], marginTop: vars.space[3], maxWidth: "40em" });
export const reportApp = style({ paddingTop: vars.space[4], borderTop: `1px solid ${vars.color.border}` });
export const pager = style({ display: "flex", gap: vars.space[6], alignItems: "center", justifyContent: "center", flexWrap: "wrap" });
globalStyle(`${pager} a`, { color: vars.color.brand, fontWeight: vars.fontWeight.semibold });
