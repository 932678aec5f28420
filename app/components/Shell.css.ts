// The page shell's own elements (the header and footer Islands, the notification area), in one
// small module: the root's first-load JavaScript carries these class names and not the header's,
// footer's or notices' (their modules load only when the browser renders them).
import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: vars.zIndex.header,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
});

export const footer = style({
  marginTop: vars.space[12],
  background: vars.color.surfaceAlt,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

export const notificationArea = style({
  maxWidth: vars.layout.contentMax,
  marginInline: "auto",
  paddingInline: vars.layout.gutter,
  selectors: { "&:empty": { display: "none" } },
});
