import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

const tag = { padding: `0 ${vars.space[2]}`, borderRadius: vars.radius.pill, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold } as const;
export const kind = style({ ...tag, background: vars.color.brandSubtle, color: vars.color.brandStrong });
export const approved = style({ ...tag, background: vars.color.successBg, color: vars.color.success });
export const rejected = style({ ...tag, background: vars.color.dangerBg, color: vars.color.danger });
export const added = style({ ...tag, display: "inline-block", whiteSpace: "nowrap", background: vars.color.warningBg, color: vars.color.warningText });

/** The field-by-field comparison: a table on wide screens, stacked cells on a phone. */
export const tableWrap = style({ overflowX: "auto" });
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "start",
  verticalAlign: "top",
  padding: vars.space[2],
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: "pre-line",
});
// Long URLs and words break in the values; the headings keep their words whole.
globalStyle(`${table} td`, { overflowWrap: "anywhere" });
globalStyle(`${table} thead th`, { fontWeight: vars.fontWeight.semibold, color: vars.color.textMuted });
export const changedRow = style({ background: vars.color.warningBg });
export const none = style({ color: vars.color.textMuted, fontStyle: "italic" });
export const permissions = style({ margin: 0, paddingInlineStart: vars.space[5], display: "grid", gap: vars.space[1] });
export const notes = style({ maxWidth: "72ch", overflowWrap: "anywhere" });
export const decide = style({ display: "grid", gap: vars.space[4], maxWidth: "40rem" });
export const rejectForm = style({ display: "grid", gap: vars.space[2] });
