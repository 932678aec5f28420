import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../../styles/theme.css";

export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  // Tighter on phones, so the first apps are on the first screen (issue 27).
  gap: vars.space[4],
  maxWidth: vars.layout.contentMax,
  margin: "0 auto",
  padding: `${vars.space[4]} ${vars.space[4]} ${vars.space[6]}`,
  "@media": {
    [mq.tablet]: { gap: vars.space[6], padding: `${vars.space[6]} ${vars.space[4]}` },
    [mq.desktop]: { gridTemplateColumns: `${vars.layout.sideNav} minmax(0, 1fr)`, padding: `${vars.space[8]} ${vars.space[6]}` },
  },
});
export const content = style({ minWidth: 0 });
// The side nav's <nav> is the layout's Island (app/routes/_nav.tsx): its class is here, in the layout
// route's own chunk, so the side nav's other class names (../../components/SideNav.css.ts) stay with
// its lazily loaded code instead of being a shared chunk in every list page's first load.
export const sideNav = style({
  fontSize: vars.fontSize.sm,
  "@media": {
    [mq.desktop]: {
      position: "sticky",
      top: `calc(${vars.layout.headerHeight} + ${vars.space[6]})`,
      maxHeight: `calc(100vh - ${vars.layout.headerHeight} - ${vars.space[12]})`,
      overflowY: "auto",
      paddingInlineEnd: vars.space[2],
    },
  },
});
