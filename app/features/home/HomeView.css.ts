import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const page = style({ display: "flex", flexDirection: "column", gap: vars.space[10], paddingBottom: vars.space[12] });
