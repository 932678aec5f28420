// The "Connect {app}?" page's looks (./ConnectConfirmPage.tsx): one column, as the follow pages.
import { style } from "@vanilla-extract/css";
import { pageColumn } from "../../../styles/page-column.css";
import { mq, vars } from "../../../styles/theme.css";

export const page = style([pageColumn, { gap: vars.space[6], maxWidth: "720px" }]);
export const title = style({ margin: 0, fontSize: vars.fontSize["2xl"], overflowWrap: "anywhere", "@media": { [mq.tablet]: { fontSize: vars.fontSize["3xl"] } } });
export const lead = style({ margin: 0, color: vars.color.textMuted, maxWidth: "65ch" });
export const buttons = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space[4] });
