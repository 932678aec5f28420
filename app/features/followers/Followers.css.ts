// The follow parts' looks: the detail page's "Follow updates", the follow and unfollow pages, and My
// Integrations' "Apps you follow".
import { warningNote } from "../../../styles/warning-note.css";
import { globalStyle, style } from "@vanilla-extract/css";
import { buttonStyles } from "../../components/Button.css";
import { pageColumn } from "../../../styles/page-column.css";
import { panel } from "../../../styles/panel.css";
import { mq, vars } from "../../../styles/theme.css";

// --- The detail page -----------------------------------------------------------------------------
export const follow = style({ display: "flex", flexDirection: "column", gap: vars.space[1], fontSize: vars.fontSize.sm });
export const followLink = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space[2],
  minHeight: vars.space[11],
  color: vars.color.brand,
  fontWeight: vars.fontWeight.semibold,
});
export const following = style({ margin: 0, display: "inline-flex", alignItems: "center", gap: vars.space[2], fontWeight: vars.fontWeight.semibold });
export const followingWhere = style({ margin: 0, color: vars.color.textMuted, overflowWrap: "anywhere", maxWidth: "32ch" });
export const followControls = style({ margin: 0, display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space[2] });
export const inlineForm = style({ display: "inline" });
/** The site's link-styled button (a form post beside a link, in a line of text), tall enough to tap. */
export const linkButton = style([buttonStyles.link, { minHeight: vars.space[11] }]);
export const controlLink = style({ display: "inline-flex", alignItems: "center", minHeight: vars.space[11], color: vars.color.brand });

// --- The follow and unfollow pages ---------------------------------------------------------------
export const page = style([pageColumn, { gap: vars.space[6], maxWidth: "720px" }]);
export const title = style({ margin: 0, fontSize: vars.fontSize["2xl"], overflowWrap: "anywhere", "@media": { [mq.tablet]: { fontSize: vars.fontSize["3xl"] } } });
export const lead = style({ margin: 0, color: vars.color.textMuted, maxWidth: "65ch" });
export const card = style([panel, { gap: vars.space[4], background: vars.color.surface }]);
export const status = style({ margin: 0, padding: vars.space[3], borderRadius: vars.radius.md, background: vars.color.brandSubtle, overflowWrap: "anywhere" });
export const fieldset = style({ margin: 0, padding: 0, border: 0, display: "flex", flexDirection: "column", gap: vars.space[2], minWidth: 0 });
export const legend = style({ padding: 0, marginBottom: vars.space[2], fontWeight: vars.fontWeight.semibold });
export const groupLabel = style({ margin: `${vars.space[2]} 0 0`, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.color.textMuted });
export const choices = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space[1] });
/** A long list of spaces scrolls inside the form (its radios take the focus, so keys scroll it too). */
export const spaceChoices = style([choices, { maxHeight: "22rem", overflowY: "auto", paddingRight: vars.space[1] }]);
export const choice = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space[3],
  minHeight: vars.space[11],
  padding: `${vars.space[1]} ${vars.space[3]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: "pointer",
  overflowWrap: "anywhere",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.brand, background: vars.color.brandSubtle } },
});
globalStyle(`${choice} input`, { flex: "none", width: "1.125rem", height: "1.125rem", margin: 0 });
export const choiceNote = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const buttons = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space[3] });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

// --- My Integrations: apps you follow ------------------------------------------------------------
export const section = style({ display: "grid", gap: vars.space[3] });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl });
export const list = style({ display: "grid", gap: vars.space[3], listStyle: "none", margin: 0, padding: 0 });
export const row = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  alignItems: "center",
  gap: vars.space[3],
  padding: vars.space[4],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  "@media": { [mq.tablet]: { gridTemplateColumns: "minmax(0, 1fr) auto" } },
});
export const rowDetails = style({ display: "grid", gap: vars.space[1], minWidth: 0 });
export const rowName = style({ margin: 0, fontSize: vars.fontSize.lg, overflowWrap: "anywhere" });
export const rowProblem = warningNote;
export const rowActions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space[3] });
