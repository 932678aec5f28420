import { globalStyle, style } from "@vanilla-extract/css";
import { mq, vars } from "../../../styles/theme.css";

export const page = style({
  maxWidth: vars.layout.contentMax,
  margin: "0 auto",
  padding: `${vars.space[6]} ${vars.space[4]} ${vars.space[12]}`,
  display: "flex",
  flexDirection: "column",
  gap: vars.space[6],
  "@media": { [mq.desktop]: { padding: `${vars.space[8]} ${vars.space[6]} ${vars.space[12]}` } },
});
export const breadcrumb = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
globalStyle(`${breadcrumb} ol`, { display: "flex", flexWrap: "wrap", gap: vars.space[2], listStyle: "none", margin: 0, padding: 0 });
globalStyle(`${breadcrumb} li + li::before`, { content: '"/"', marginRight: vars.space[2], color: vars.color.borderStrong });
globalStyle(`${breadcrumb} a`, { color: vars.color.brand });

export const header = style({
  display: "grid",
  gridTemplateColumns: "72px minmax(0, 1fr)",
  gap: vars.space[4],
  padding: vars.space[6],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  "@media": { [mq.tablet]: { gridTemplateColumns: "96px minmax(0, 1fr) auto", gap: vars.space[6] } },
});
export const logo = style({
  width: 72,
  height: 72,
  borderRadius: vars.radius.lg,
  "@media": { [mq.tablet]: { width: 96, height: 96 } },
});
export const identity = style({ display: "flex", flexDirection: "column", gap: vars.space[1], minWidth: 0 });
export const name = style({ margin: 0, fontSize: vars.fontSize["3xl"], lineHeight: vars.lineHeight.tight, overflowWrap: "anywhere" });
export const company = style({ margin: 0, color: vars.color.textMuted });
export const tagline = style({ margin: `${vars.space[2]} 0 0`, fontSize: vars.fontSize.lg });
export const badges = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], listStyle: "none", margin: `${vars.space[3]} 0 0`, padding: 0 });
const badgeBase = {
  display: "inline-block",
  padding: `2px ${vars.space[3]}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
} as const;
export const badge = style({ ...badgeBase, background: vars.color.brandSubtle, color: vars.color.brandStrong });
export const badgeAccent = style({ ...badgeBase, background: vars.color.warningBg, color: vars.color.warningText });
export const badgeAdmin = style({
  ...badgeBase,
  background: vars.color.dangerBg,
  color: vars.color.danger,
  textDecoration: "none",
  border: "none",
  cursor: "pointer",
  font: "inherit",
  fontSize: vars.fontSize.sm,
});
export const actions = style({
  gridColumn: "1 / -1",
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space[3],
  "@media": { [mq.tablet]: { gridColumn: "auto", alignItems: "flex-end" } },
});
export const primaryAction = style({
  display: "inline-block",
  padding: `${vars.space[3]} ${vars.space[6]}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: { "&:hover": { background: vars.color.brandStrong } },
});
export const note = style({ margin: 0, color: vars.color.textMuted });
/** The main action with a label that may be long (an app's name): wraps on phones. */
export const primaryActionWrap = style([primaryAction, { whiteSpace: "normal", textAlign: "center", maxWidth: "100%" }]);
export const actionHint = style({
  margin: 0,
  maxWidth: "32ch",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  "@media": { [mq.tablet]: { textAlign: "end" } },
});
export const disclaimerLink = style({ fontSize: vars.fontSize.sm, color: vars.color.brand });

export const body = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[8],
  "@media": { [mq.desktop]: { gridTemplateColumns: "minmax(0, 1fr) 300px" } },
});
export const main = style({ display: "flex", flexDirection: "column", gap: vars.space[8], minWidth: 0 });
export const section = style({ display: "flex", flexDirection: "column", gap: vars.space[3] });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl });
export const media = style({
  display: "flex",
  gap: vars.space[4],
  overflowX: "auto",
  scrollSnapType: "x mandatory",
  listStyle: "none",
  margin: 0,
  padding: `0 0 ${vars.space[2]}`,
});
globalStyle(`${media} > li`, { flex: "0 0 min(85%, 520px)", scrollSnapAlign: "start" });
export const screenshot = style({
  width: "100%",
  height: "auto",
  aspectRatio: "16 / 10",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  display: "block",
});
export const video = style({ position: "relative", display: "block", borderRadius: vars.radius.md, overflow: "hidden", color: vars.color.onBrand });
globalStyle(`${video} img`, { width: "100%", height: "auto", aspectRatio: "16 / 10", display: "block", filter: "brightness(0.7)" });
export const play = style({
  position: "absolute",
  top: "50%",
  left: "50%",
  width: 64,
  height: 64,
  marginTop: -32,
  marginLeft: -32,
  borderRadius: "50%",
  background: "rgba(0,0,0,0.65)",
  selectors: {
    "&::after": {
      content: '""',
      position: "absolute",
      left: 26,
      top: 20,
      borderLeft: "18px solid #fff",
      borderTop: "12px solid transparent",
      borderBottom: "12px solid transparent",
    },
  },
});
export const videoLabel = style({
  position: "absolute",
  left: vars.space[3],
  bottom: vars.space[3],
  right: vars.space[3],
  fontWeight: vars.fontWeight.semibold,
  textShadow: "0 1px 2px rgba(0,0,0,0.8)",
});
/** The facade's name without JavaScript (a new tab) and once the page is enhanced (plays here). */
export const videoLabelPlain = style({});
export const videoLabelEnhanced = style({});
globalStyle(`html[data-enhanced] ${videoLabelPlain}, html:not([data-enhanced]) ${videoLabelEnhanced}`, { display: "none" });
export const description = style({ lineHeight: vars.lineHeight.normal, maxWidth: "72ch" });
globalStyle(`${description} a`, { color: vars.color.brand });
globalStyle(`${description} p`, { margin: `0 0 ${vars.space[4]}` });

export const aside = style({ display: "flex", flexDirection: "column", gap: vars.space[6] });
export const fact = style({ display: "flex", flexDirection: "column", gap: vars.space[2] });
export const factTitle = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  textTransform: "uppercase",
  letterSpacing: "0.06em",
  color: vars.color.textMuted,
});
export const factText = style({ margin: 0 });
export const linkList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space[2] });
globalStyle(`${linkList} a`, { color: vars.color.brand });

/** The player that replaces the video facade after a click (same box as the thumbnail). */
export const player = style({ display: "block", width: "100%", height: "auto", aspectRatio: "16 / 10", border: 0, borderRadius: vars.radius.md, background: "#000" });
export const videoError = style({ margin: `${vars.space[2]} 0 0` });
