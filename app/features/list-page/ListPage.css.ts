// The list page's Island (./ListPage.tsx) alone: this module's class names are in the page's first-load
// JavaScript, so the content's many (./ListPageContent.css.ts) stay with the lazily loaded content.
import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const page = style({ display: "flex", flexDirection: "column", gap: vars.space[4], minWidth: 0 });
