// A short warning under something (a review hidden by reports, a follow whose last update could not
// be posted): small text on the warning colours, which keep a contrast of at least 4.5:1.
import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

export const warningNote = style({
  margin: 0,
  padding: vars.space[2],
  borderRadius: vars.radius.md,
  background: vars.color.warningBg,
  color: vars.color.warningText,
  fontSize: vars.fontSize.sm,
});
