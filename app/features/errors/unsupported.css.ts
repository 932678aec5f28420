import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const page = style({ maxWidth: 640, margin: "0 auto", padding: `${vars.space[12]} ${vars.space[4]}`, textAlign: "center" });
