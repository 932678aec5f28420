import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";
import { dialogPanelRules } from "../../components/Dialog.css";

export const dialog = style({
  ...dialogPanelRules,
  // Without JavaScript the dialog is open but not modal (no ::backdrop): a huge shadow spread dims
  // the page around it instead.
  boxShadow: `${vars.shadow.lg}, 0 0 0 100vmax ${vars.color.overlay}`,
  selectors: {
    "&:modal": { boxShadow: vars.shadow.lg },
    "&::backdrop": { background: vars.color.overlay },
  },
});

export const content = style({ display: "grid", gap: vars.space[4], padding: vars.space[6] });

export const header = style({ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: vars.space[3] });

export const title = style({ fontSize: vars.fontSize.xl, paddingTop: vars.space[2] });

export const body = style({ display: "grid", gap: vars.space[3] });

export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

globalStyle(`${body} p, ${note} p`, { margin: 0 });

export const actions = style({ display: "flex", justifyContent: "flex-end" });
