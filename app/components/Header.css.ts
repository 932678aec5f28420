import { style } from "@vanilla-extract/css";
import { visuallyHiddenRules } from "../../styles/global.css";
import { mq, vars } from "../../styles/theme.css";

export const inner = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space[2],
  maxWidth: vars.layout.contentMax,
  height: vars.layout.headerHeight,
  marginInline: "auto",
  paddingInline: vars.space[2],
  "@media": {
    [mq.tablet]: { paddingInline: vars.layout.gutter },
    [mq.desktop]: { gap: vars.space[4], paddingInline: vars.layout.gutterWide },
  },
});

export const home = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space[2],
  minWidth: 0,
  paddingBlock: vars.space[1],
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: { "&:hover": { color: vars.color.text } },
  "@media": { [mq.tablet]: { fontSize: vars.fontSize.lg } },
});

export const logo = style({ flexShrink: 0, color: vars.color.brand });

export const homeText = style({ overflow: "hidden", textOverflow: "ellipsis" });

/**
 * The product name beside "App Hub". On narrow phones the header cannot fit it beside the menu,
 * search and Log in; it is hidden on screen there (the logo mark carries the brand) but kept for
 * screen readers, so the link is still named "Lumen App Hub".
 */
export const productWord = style({
  "@media": {
    [mq.narrowPhone]: visuallyHiddenRules,
  },
});

export const hubWord = style({ color: vars.color.brand });

export const searchDesktop = style({
  display: "none",
  "@media": {
    [mq.desktop]: { display: "block", flex: "1 1 auto", maxWidth: "520px", marginInlineStart: vars.space[4] },
  },
});

export const actions = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space[1],
  marginInlineStart: "auto",
  "@media": { [mq.desktop]: { gap: vars.space[2] } },
});

/** Wrap an element in this rather than adding it beside another class that sets `display`. */
export const desktopOnly = style({
  display: "none",
  "@media": { [mq.desktop]: { display: "inline-flex" } },
});

export const phoneOnly = style({
  "@media": { [mq.desktop]: { display: "none" } },
});

export const textLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: vars.space[10],
  paddingInline: vars.space[3],
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: { "&:hover": { background: vars.color.surfaceSunken, color: vars.color.text } },
  "@media": { [mq.narrowPhone]: { paddingInline: vars.space[2] } },
});

export const searchToggle = style({});

export const searchPanel = style({
  position: "absolute",
  top: "100%",
  insetInline: 0,
  padding: vars.space[3],
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.md,
});

export const toggleSummary = style({
  selectors: { [`${searchToggle}[open] > &`]: { background: vars.color.brandSubtle, color: vars.color.brand } },
});
