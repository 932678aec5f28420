import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const page = style({ maxWidth: 720, margin: "0 auto", padding: `${vars.space[8]} ${vars.space[4]}` });
export const fieldset = style({ border: `1px solid ${vars.color.borderStrong}`, borderRadius: vars.radius.md, padding: vars.space[4], margin: `${vars.space[4]} 0` });
export const option = style({ display: "flex", gap: vars.space[2], alignItems: "baseline", marginBlock: vars.space[2] });
export const note = style({ color: vars.color.textMuted });
