import { globalStyle, style } from "@vanilla-extract/css";
import { mq, vars } from "../../../styles/theme.css";
import { page as listPage } from "../list-page/ListPage.css";

// The section is a list page's. Composed here (the browser gets only the class names) rather than
// imported from ListPage.css by SearchPage.tsx: that would make the list page's class module a
// chunk of its own in the list pages' first-load JavaScript (docs/decisions/052).
export const page = style([listPage]);

export const filters = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space[3],
  alignItems: "end",
  padding: vars.space[4],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  "@media": {
    [mq.belowDesktop]: { padding: vars.space[3] },
    [mq.wide]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
  },
});

export const field = style({ display: "flex", flexDirection: "column", gap: vars.space[1], minWidth: 0 });

export const fieldLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.color.textMuted });

export const filterActions = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space[3],
  marginInlineStart: "auto",
  selectors: { "&:empty": { display: "none" } },
});

// "More filters", while folded, shares its row with Apply, so the results start a row higher on a
// phone (issue 27); unfolded, its fields take the whole width and Apply goes below them.
export const moreRow = style({
  gridColumn: "1 / -1",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space[3],
});

export const section = style({ display: "flex", flexDirection: "column", gap: vars.space[3], marginTop: vars.space[4] });

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl, color: vars.color.text });

export const hint = style({ margin: 0, color: vars.color.textMuted });

export const queryForm = style({ display: "flex", gap: vars.space[2], maxWidth: "560px" });

export const queryInput = style({
  flex: "1 1 auto",
  minWidth: 0,
  font: "inherit",
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

globalStyle(`${field} select`, { width: "100%" });

/** The trust filters span the refine form's whole width (their wrapper has no box: lazy-hydrated). */
export const trustFields = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space[3],
  selectors: { "&[open]": { flexBasis: "100%" } },
});

export const trustSummary = style({ cursor: "pointer", fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.color.text });

/** "Filters from your words" and their chips (issue 28). */
export const needs = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space[2], marginTop: vars.space[2] });
