// A bordered panel of stacked parts (a form, one's own review, an item to moderate); composers add
// their gap and background.
import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

export const panel = style({
  display: "flex",
  flexDirection: "column",
  padding: vars.space[5],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
