import { style } from "@vanilla-extract/css";
import { mq, vars } from "../../styles/theme.css";

export const page = style({
  display: "grid",
  justifyItems: "center",
  alignContent: "center",
  gap: vars.space[4],
  minHeight: "60vh",
  paddingBlock: vars.space[12],
  paddingInline: vars.layout.gutter,
  textAlign: "center",
});

export const code = style({
  color: vars.color.brand,
  fontSize: vars.fontSize["4xl"],
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  letterSpacing: "-0.02em",
  "@media": { [mq.tablet]: { fontSize: vars.fontSize.display } },
});

export const title = style({
  fontSize: vars.fontSize["2xl"],
  "@media": { [mq.tablet]: { fontSize: vars.fontSize["3xl"] } },
});

export const message = style({ maxWidth: "48ch", color: vars.color.textMuted });

export const action = style({ marginTop: vars.space[4] });
