import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

export const rating = style({ color: vars.color.text, fontWeight: vars.fontWeight.semibold, whiteSpace: "nowrap" });
// #B54708 on white: 4.9:1 (WCAG AA for text), and recognisably a star's amber.
export const star = style({ color: "#B54708" });
export const none = style({ color: vars.color.textMuted, whiteSpace: "nowrap" });
