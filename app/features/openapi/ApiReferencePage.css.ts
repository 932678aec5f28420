// The API reference page: the site's readable column, contents beside the operations on wide
// screens (sticky under the header), field lists that wrap instead of scrolling sideways on phones.
import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { pageColumn } from "../../../styles/page-column.css";
import { panel } from "../../../styles/panel.css";
import { mq, vars } from "../../../styles/theme.css";

export const page = style([pageColumn, { gap: vars.space[8] }]);
export const head = style({ display: "flex", flexDirection: "column", gap: vars.space[3], maxWidth: "75ch" });
export const title = style({ fontSize: vars.fontSize["3xl"], margin: 0, lineHeight: vars.lineHeight.tight });
export const lead = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.normal });
export const link = style({ color: vars.color.brand, fontWeight: vars.fontWeight.medium, selectors: { "&:hover": { color: vars.color.brandStrong } } });

/** Markdown from the document (the introduction, operations' descriptions). */
export const prose = style({ display: "flex", flexDirection: "column", gap: vars.space[3], lineHeight: vars.lineHeight.normal, maxWidth: "75ch" });
globalStyle(`${prose} p`, { margin: 0 });
globalStyle(`${prose} a`, { color: vars.color.brand });

export const layout = style({
  display: "grid",
  gap: vars.space[8],
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { [mq.desktop]: { gridTemplateColumns: "260px minmax(0, 1fr)", alignItems: "start" } },
});

export const toc = style([
  panel,
  {
    gap: vars.space[3],
    background: vars.color.surfaceAlt,
    fontSize: vars.fontSize.sm,
    "@media": {
      [mq.desktop]: {
        position: "sticky",
        top: `calc(${vars.layout.headerHeight} + ${vars.space[4]})`,
        maxHeight: `calc(100vh - ${vars.layout.headerHeight} - ${vars.space[8]})`,
        overflowY: "auto",
      },
    },
  },
]);
export const tocTitle = style({ margin: 0, fontSize: vars.fontSize.md });
export const tocList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space[2] });
export const tocSubList = style([tocList, { marginTop: vars.space[2], paddingInlineStart: vars.space[3], gap: vars.space[1] }]);
export const tocLink = style({
  color: vars.color.text,
  textDecoration: "none",
  overflowWrap: "anywhere",
  selectors: { "&:hover": { color: vars.color.brand, textDecoration: "underline" } },
});
export const tocGroup = style({ fontWeight: vars.fontWeight.semibold });

export const content = style({ display: "flex", flexDirection: "column", gap: vars.space[10], minWidth: 0 });
export const group = style({ display: "flex", flexDirection: "column", gap: vars.space[6] });
export const groupTitle = style({ margin: 0, fontSize: vars.fontSize["2xl"], scrollMarginTop: `calc(${vars.layout.headerHeight} + ${vars.space[4]})` });
export const groupLead = style({ margin: 0, color: vars.color.textMuted, maxWidth: "75ch", lineHeight: vars.lineHeight.normal });

export const operation = style([panel, { gap: vars.space[4], background: vars.color.surface, boxShadow: vars.shadow.sm }]);
export const operationTitle = style({
  margin: 0,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space[2],
  fontSize: vars.fontSize.lg,
  scrollMarginTop: `calc(${vars.layout.headerHeight} + ${vars.space[4]})`,
});
export const path = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.md, overflowWrap: "anywhere" });
export const summary = style({ margin: 0, fontWeight: vars.fontWeight.medium });

const methodBase = style({
  display: "inline-block",
  padding: `0 ${vars.space[2]}`,
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: "1.75",
});
export const method = styleVariants({
  GET: [methodBase, { background: vars.color.successBg, color: vars.color.success }],
  POST: [methodBase, { background: vars.color.brandSubtle, color: vars.color.brandStrong }],
});

export const auth = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const partTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });
export const part = style({ display: "flex", flexDirection: "column", gap: vars.space[2] });

/** A list of fields (parameters, a body's fields, a schema's): name and type above, words below. */
export const fields = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", borderTop: `1px solid ${vars.color.border}` });
export const field = style({ padding: `${vars.space[2]} 0`, borderBottom: `1px solid ${vars.color.border}` });
export const fieldDepth = styleVariants({
  0: {},
  1: { paddingInlineStart: vars.space[4] },
  2: { paddingInlineStart: vars.space[8] },
  3: { paddingInlineStart: vars.space[12] },
  4: { paddingInlineStart: `calc(${vars.space[8]} * 2)` },
});
export const fieldHead = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", gap: `${vars.space[1]} ${vars.space[3]}` });
export const fieldName = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, overflowWrap: "anywhere" });
export const fieldType = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, overflowWrap: "anywhere" });
export const required = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold, color: vars.color.danger });
export const fieldText = style({ margin: `${vars.space[1]} 0 0`, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.normal });
export const rules = style({ color: vars.color.textMuted, overflowWrap: "anywhere" });
globalStyle(`${fieldText} code, ${prose} code, ${groupLead} code`, {
  fontFamily: vars.font.mono,
  fontSize: "0.9em",
  background: vars.color.surfaceSunken,
  padding: "0 3px",
  borderRadius: "3px",
  overflowWrap: "anywhere",
});

export const status = style({ fontFamily: vars.font.mono, fontWeight: vars.fontWeight.bold });
export const nested = style({ margin: `${vars.space[2]} 0 0`, fontSize: vars.fontSize.sm });
export const nestedSummary = style({ cursor: "pointer", color: vars.color.brand, fontWeight: vars.fontWeight.medium });

export const schema = style([panel, { gap: vars.space[3], background: vars.color.surface }]);
export const schemaTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontFamily: vars.font.mono, scrollMarginTop: `calc(${vars.layout.headerHeight} + ${vars.space[4]})` });
export const variantTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontFamily: vars.font.mono });
