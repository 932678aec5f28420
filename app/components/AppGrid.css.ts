import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

const GAP = vars.space[5];

export const grid = style({
  display: "grid",
  // 1 column on phones, then as many 232 px+ columns as fit, never more than 4.
  gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, max(232px, calc((100% - 3 * ${GAP}) / 4))), 1fr))`,
  gap: GAP,
});

export const item = style({ scrollMarginTop: `calc(${vars.layout.headerHeight} + ${vars.space[4]})` });
