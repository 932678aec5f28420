import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const steps = style({ margin: 0, paddingInlineStart: vars.space[5], display: "grid", gap: vars.space[2] });
export const strong = style({ color: vars.color.text, fontWeight: vars.fontWeight.semibold });
