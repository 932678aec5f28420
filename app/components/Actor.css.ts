// Who acted (./Actor.tsx): the name in the surrounding text's colour, the address beside it muted,
// and a long address may break anywhere rather than widen a table cell on a phone.
import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

export const actor = style({ overflowWrap: "anywhere" });
export const address = style({ color: vars.color.textMuted });
