// The organisation policy's looks (issue 29): the admin page, the request page and the standing
// badge on app pages and cards. Colours pair text and background at WCAG AA contrast.
import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { panel } from "../../../styles/panel.css";
import { visuallyHiddenRules } from "../../../styles/global.css";
import { mq, vars } from "../../../styles/theme.css";
import * as moderation from "~/features/moderation/ModerationPage.css";

// The admin pages' frame is the moderation page's (also the review queue's and the tokens page's).
export { items, itemHead, lead, page, section, sectionTitle, title } from "~/features/moderation/ModerationPage.css";
export const item = style([moderation.item, { overflowWrap: "anywhere" }]);
export const muted = style({ margin: 0, color: vars.color.textMuted, fontWeight: vars.fontWeight.regular });
export const quote = style({
  margin: 0,
  whiteSpace: "pre-line",
  overflowWrap: "anywhere",
  maxWidth: "72ch",
  borderInlineStart: `3px solid ${vars.color.borderStrong}`,
  paddingInlineStart: vars.space[3],
});
export const list = style({ margin: 0, paddingInlineStart: vars.space[5], fontSize: vars.fontSize.sm });
export const buttons = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "flex-end" });
export const inlineForm = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "flex-end" });
export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space[3],
  display: "grid",
  gap: vars.space[2],
  margin: 0,
  minInlineSize: 0,
});
export const legend = style({ fontWeight: vars.fontWeight.semibold, padding: `0 ${vars.space[1]}` });
export const choice = style({ display: "flex", gap: vars.space[2], alignItems: "center", minHeight: "24px" });
export const choices = style({ display: "flex", flexWrap: "wrap", columnGap: vars.space[4], rowGap: vars.space[1] });
export const limits = style([panel, { background: vars.color.warningBg, color: vars.color.warningText, gap: vars.space[2] }]);
globalStyle(`${limits} p`, { margin: 0 });
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "start",
  padding: vars.space[2],
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
  overflowWrap: "anywhere",
});
export const tableWrap = style({ overflowX: "auto", maxWidth: "100%" });
// The audit log is sentences. On phones four columns broke "Pre-approved", dates and addresses
// mid-word, so each entry is a block there: when and who on one line, then what, then the details
// (the header row stays for screen readers; the markup's explicit table roles keep the table's
// semantics, which a display change would otherwise drop). Words stay whole; only an e-mail address,
// one long word, may break anywhere.
export const auditTable = style({});
globalStyle(`${auditTable} td`, { overflowWrap: "normal" });
globalStyle(`${auditTable} td:nth-child(2)`, { overflowWrap: "anywhere" });
globalStyle(`${auditTable} thead`, { "@media": { [mq.belowTablet]: visuallyHiddenRules } });
globalStyle(`${auditTable} tbody tr`, {
  "@media": {
    [mq.belowTablet]: {
      display: "grid",
      gridTemplateColumns: "auto minmax(0, 1fr)",
      columnGap: vars.space[3],
      padding: `${vars.space[2]} 0`,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});
globalStyle(`${auditTable} tbody td`, { "@media": { [mq.belowTablet]: { display: "block", padding: `${vars.space[1]} 0`, borderBottom: "none" } } });
globalStyle(`${auditTable} tbody td:nth-child(-n+2)`, { "@media": { [mq.belowTablet]: { color: vars.color.textMuted } } });
globalStyle(`${auditTable} tbody td:nth-child(n+3)`, { "@media": { [mq.belowTablet]: { gridColumn: "1 / -1" } } });
globalStyle(`${auditTable} tbody td:nth-child(3)`, { "@media": { [mq.belowTablet]: { fontWeight: vars.fontWeight.semibold } } });

const tag = { display: "inline-block", padding: `2px ${vars.space[2]}`, borderRadius: vars.radius.pill, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold } as const;
export const standing = styleVariants({
  approved: { ...tag, background: vars.color.successBg, color: vars.color.success },
  restricted: { ...tag, background: vars.color.dangerBg, color: vars.color.danger },
  "needs-approval": { ...tag, background: vars.color.warningBg, color: vars.color.warningText },
});
export const notice = style({ display: "grid", gap: vars.space[2], fontSize: vars.fontSize.sm });
globalStyle(`${notice} p`, { margin: 0 });
export const adminBox = style({ display: "grid", gap: vars.space[2], fontSize: vars.fontSize.sm, borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space[3] });
