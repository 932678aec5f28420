import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../styles/theme.css";

export const container = style({
  width: "100%",
  maxWidth: vars.layout.contentMax,
  marginInline: "auto",
  paddingInline: vars.layout.gutter,
  "@media": { [mq.desktop]: { paddingInline: vars.layout.gutterWide } },
});

export const sideNavLayout = style([
  container,
  {
    display: "grid",
    gap: vars.space[6],
    paddingBlock: vars.space[6],
    "@media": {
      [mq.desktop]: {
        gridTemplateColumns: `${vars.layout.sideNav} minmax(0, 1fr)`,
        gap: vars.space[8],
        paddingBlock: vars.space[8],
        alignItems: "start",
      },
    },
  },
]);

export const content = style({ minWidth: 0 });
