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
