import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../styles/theme.css";

export const bar = style({
  background: vars.color.warningBg,
  color: vars.color.warningText,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const inner = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space[3],
  maxWidth: vars.layout.contentMax,
  marginInline: "auto",
  paddingBlock: vars.space[2],
  paddingInlineStart: vars.space[4],
  paddingInlineEnd: vars.space[2],
  fontSize: vars.fontSize.sm,
  "@media": { [mq.desktop]: { paddingInlineStart: vars.layout.gutterWide } },
});

export const text = style({ flex: "1 1 auto" });

export const link = style({
  color: vars.color.warningText,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: "underline",
  selectors: { "&:hover": { color: vars.color.text } },
});

export const form = style({ flexShrink: 0 });

export const close = style({
  color: vars.color.warningText,
  selectors: { "&:hover": { background: "rgba(122, 74, 0, 0.1)" } },
});
