// Styles of the content pages (CASB/DLP providers, support): a readable column in the normal layout.
import { pageColumn } from "../../../styles/page-column.css";
import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const page = style([pageColumn, { gap: vars.space[6] }]);
export const title = style({ fontSize: vars.fontSize["3xl"], margin: 0, lineHeight: vars.lineHeight.tight, color: vars.color.text });
export const lead = style({ margin: 0, maxWidth: "70ch", color: vars.color.textMuted, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.normal });
export const providers = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space[4],
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 300px), 1fr))",
});
export const provider = style({
  display: "grid",
  gridTemplateColumns: "56px 1fr",
  gap: `${vars.space[2]} ${vars.space[4]}`,
  alignItems: "start",
  padding: vars.space[5],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});
export const logo = style({ gridRow: "span 3", borderRadius: vars.radius.md, background: vars.color.surfaceAlt });
export const providerName = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });
export const providerText = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.normal });
export const link = style({
  color: vars.color.brand,
  fontWeight: vars.fontWeight.medium,
  selectors: { "&:hover": { color: vars.color.brandStrong } },
});
export const section = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space[3],
  padding: vars.space[6],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceAlt,
  maxWidth: "70ch",
});
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl });
export const paragraph = style({ margin: 0, lineHeight: vars.lineHeight.normal });
/** The developer-support space's join button (or login link); wraps on narrow screens. */
export const actionRow = style({ margin: 0, display: "flex", flexWrap: "wrap", gap: vars.space[3] });
/** Long button labels wrap on phones instead of overflowing the section. */
export const wrappingButton = style({ whiteSpace: "normal", textAlign: "center", paddingBlock: vars.space[2], lineHeight: vars.lineHeight.snug });
