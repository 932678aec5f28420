import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

/** The dialog panel itself, shared by this dialog and the CMS modals (app/features/announcement). */
export const dialogPanelRules = {
  position: "fixed" as const,
  inset: 0,
  zIndex: vars.zIndex.dialog,
  width: `min(560px, calc(100% - ${vars.space[8]}))`,
  height: "fit-content",
  maxHeight: "calc(100% - 64px)",
  margin: "auto",
  padding: 0,
  overflow: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
};

export const dialog = style({
  ...dialogPanelRules,
  boxShadow: vars.shadow.lg,
  selectors: {
    "&[open]": { display: "block" },
    // Without JavaScript the dialog opens as the URL's :target; a huge shadow spread is its backdrop.
    "&:target": { display: "block", boxShadow: `${vars.shadow.lg}, 0 0 0 100vmax ${vars.color.overlay}` },
    "&::backdrop": { background: vars.color.overlay },
  },
});

export const content = style({ display: "grid", gap: vars.space[4], padding: vars.space[6] });

export const title = style({ fontSize: vars.fontSize.xl });

export const body = style({ display: "grid", gap: vars.space[3], color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const actions = style({ display: "flex", justifyContent: "flex-end" });
