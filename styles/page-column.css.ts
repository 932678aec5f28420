// The readable column of pages outside the side-nav layout (content pages, publisher pages,
// moderation): centred, the site's gutters, its sections stacked. Pages compose it with their gap.
import { style } from "@vanilla-extract/css";
import { mq, vars } from "./theme.css";

export const pageColumn = style({
  maxWidth: vars.layout.contentMax,
  margin: "0 auto",
  padding: `${vars.space[8]} ${vars.layout.gutter}`,
  display: "flex",
  flexDirection: "column",
  "@media": { [mq.desktop]: { padding: `${vars.space[10]} ${vars.layout.gutterWide}` } },
});
