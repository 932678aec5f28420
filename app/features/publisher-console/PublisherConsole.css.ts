// The publisher console's looks (issue 30): the admin pages' frame (the moderation page's), a tab
// row of the console's pages, the apps table, the forms and the listing preview.
import { globalStyle, style } from "@vanilla-extract/css";
import { panel } from "../../../styles/panel.css";
import { vars } from "../../../styles/theme.css";
import * as moderation from "~/features/moderation/ModerationPage.css";

export { body, buttons, items, itemHead, lead, muted, page, section, sectionTitle, title } from "~/features/moderation/ModerationPage.css";
export { approved, kind, rejected } from "~/features/review-queue/ReviewQueuePage.css";
export { choice, choices, fieldset, legend, table, tableWrap } from "~/features/org-policy/OrgPolicy.css";

/**
 * The apps table: a table on wide screens; on a phone each app is a stacked block whose cells say
 * what they are (data-label), so no word is broken into a narrow column.
 */
const PHONE = "screen and (max-width: 720px)";
export const appsTable = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm });
globalStyle(`${appsTable} th, ${appsTable} td`, { textAlign: "start", verticalAlign: "top", padding: vars.space[2], borderBottom: `1px solid ${vars.color.border}` });
globalStyle(`${appsTable} thead th`, { color: vars.color.textMuted });
globalStyle(`${appsTable} thead`, {
  "@media": { [PHONE]: { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" } },
});
globalStyle(`${appsTable} tr`, { "@media": { [PHONE]: { display: "block", padding: `${vars.space[3]} 0`, borderBottom: `1px solid ${vars.color.border}` } } });
globalStyle(`${appsTable} tbody th, ${appsTable} tbody td`, { "@media": { [PHONE]: { display: "block", border: "none", padding: `${vars.space[1]} 0` } } });
globalStyle(`${appsTable} tbody th`, { "@media": { [PHONE]: { fontSize: vars.fontSize.md } } });
globalStyle(`${appsTable} td[data-label]::before`, {
  "@media": { [PHONE]: { content: "attr(data-label) ': '", fontWeight: vars.fontWeight.semibold, color: vars.color.textMuted } },
});

export const item = style([moderation.item, { overflowWrap: "anywhere" }]);
export const head = style({ display: "grid", gap: vars.space[2] });
export const eyebrow = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

/** The console's pages as a row of links; the current one underlined and marked aria-current. */
export const tabs = style({ display: "flex", flexWrap: "wrap", gap: vars.space[1], margin: 0, padding: 0, listStyle: "none", borderBottom: `1px solid ${vars.color.border}` });
export const tab = style({
  display: "inline-block",
  padding: `${vars.space[2]} ${vars.space[3]}`,
  color: vars.color.brand,
  textDecoration: "none",
  fontWeight: vars.fontWeight.semibold,
  borderBottom: "3px solid transparent",
  minHeight: "24px",
  selectors: {
    '&[aria-current="page"]': { color: vars.color.text, borderBottomColor: vars.color.brand },
    "&:hover": { textDecoration: "underline" },
  },
});
export const switcher = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center", margin: 0, fontSize: vars.fontSize.sm });

const tag = { display: "inline-block", padding: `0 ${vars.space[2]}`, borderRadius: vars.radius.pill, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold } as const;
export const pendingTag = style({ ...tag, background: vars.color.warningBg, color: vars.color.warningText });
export const quietTag = style({ ...tag, background: vars.color.surfaceSunken, color: vars.color.textMuted });

export const form = style({ display: "grid", gap: vars.space[3], maxWidth: "44rem" });
export const formProblem = style({
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  background: vars.color.dangerBg,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.semibold,
  margin: 0,
});
export const inlineForm = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "flex-end" });
export const secret = style({ fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace" });

/** The listing as it will look: logo, name and tagline, then the description and screenshots. */
export const preview = style([panel, { gap: vars.space[3], borderColor: vars.color.brand }]);
export const previewHead = style({ display: "flex", gap: vars.space[3], alignItems: "center" });
export const previewLogo = style({ width: "56px", height: "56px", borderRadius: vars.radius.md, objectFit: "contain", background: vars.color.surfaceAlt, flexShrink: 0 });
export const previewName = style({ margin: 0, fontSize: vars.fontSize.xl, overflowWrap: "anywhere" });
export const previewText = style({ maxWidth: "72ch", overflowWrap: "anywhere" });
globalStyle(`${previewText} > :first-child`, { marginTop: 0 });
export const shots = style({ display: "flex", gap: vars.space[2], flexWrap: "wrap" });
export const shot = style({ width: "160px", height: "100px", objectFit: "cover", borderRadius: vars.radius.sm, border: `1px solid ${vars.color.border}` });

/** The whole preview: a panel, so it reads apart from the form below it. */
export const previewBox = style([panel, { gap: vars.space[4], borderColor: vars.color.brand, borderWidth: "2px" }]);
/** Choices one a line (permissions: long labels). */
export const column = style({ display: "grid", gap: vars.space[1] });
/** A group inside a fieldset (categories of one product): no frame of its own. */
export const subFieldset = style({ border: "none", margin: 0, padding: 0, display: "grid", gap: vars.space[1], minInlineSize: 0 });
