import { globalStyle, style } from "@vanilla-extract/css";
import { mq, vars } from "../../../styles/theme.css";

/** Under the row's name and action, across the whole row. Marked by its heading, not only its colour. */
export const notice = style({
  gridColumn: "1 / -1",
  display: "grid",
  gap: vars.space[2],
  padding: vars.space[4],
  borderRadius: vars.radius.md,
  background: vars.color.warningBg,
  borderInlineStart: `4px solid ${vars.color.warningText}`,
  color: vars.color.text,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.warningText });
export const text = style({ margin: 0, fontSize: vars.fontSize.sm });
export const list = style({ margin: 0, paddingInlineStart: vars.space[5], fontSize: vars.fontSize.sm, display: "grid", gap: vars.space[1] });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space[2],
  marginTop: vars.space[1],
  "@media": { [mq.tablet]: { gap: vars.space[3] } },
});
// The disconnect form holds one button: it lays out as that button.
globalStyle(`${actions} > form`, { display: "contents" });
