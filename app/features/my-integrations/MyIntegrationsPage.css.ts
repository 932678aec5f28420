import { style } from "@vanilla-extract/css";
import { visuallyHiddenRules } from "../../../styles/global.css";
import { mq, vars } from "../../../styles/theme.css";

export const page = style({
  maxWidth: "960px",
  margin: "0 auto",
  padding: `${vars.space[6]} ${vars.layout.gutter} ${vars.space[12]}`,
  display: "grid",
  gap: vars.space[6],
  "@media": { [mq.desktop]: { paddingTop: vars.space[10] } },
});

export const header = style({ display: "grid", gap: vars.space[2] });
export const title = style({ fontSize: vars.fontSize["2xl"], "@media": { [mq.tablet]: { fontSize: vars.fontSize["3xl"] } } });
export const lead = style({ color: vars.color.textMuted, maxWidth: "60ch" });

const box = {
  padding: vars.space[6],
  borderRadius: vars.radius.lg,
  textAlign: "center",
} as const;
export const empty = style({ ...box, background: vars.color.surfaceAlt, color: vars.color.textMuted });
export const problem = style({ ...box, background: vars.color.dangerBg, color: vars.color.text });

export const list = style({ display: "grid", gap: vars.space[3], listStyle: "none", margin: 0, padding: 0 });

export const row = style({
  display: "grid",
  gridTemplateColumns: "48px 1fr",
  alignItems: "start",
  gap: vars.space[4],
  padding: vars.space[4],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  "@media": { [mq.tablet]: { gridTemplateColumns: "48px 1fr auto", alignItems: "center" } },
  selectors: { '&[aria-busy="true"]': { opacity: 0.6 } },
});

export const logo = style({ width: "48px", height: "48px", borderRadius: vars.radius.md, objectFit: "contain" });
export const logoPlaceholder = style({
  display: "grid",
  placeItems: "center",
  width: "48px",
  height: "48px",
  borderRadius: vars.radius.md,
  background: vars.color.brandSubtle,
  color: vars.color.brandStrong,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.xl,
});

export const details = style({ display: "grid", gap: vars.space[1], minWidth: 0 });
export const name = style({ fontSize: vars.fontSize.lg, overflowWrap: "anywhere" });
export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

const access = { fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold } as const;
/** "Connected on …": the platform confirmed it. */
export const stateConnected = style({ ...access, color: vars.color.success });
/** "You started connecting on …, not confirmed". */
export const stateStarted = style({ ...access, color: vars.color.textMuted });

export const action = style({
  gridColumn: "1 / -1",
  "@media": { [mq.tablet]: { gridColumn: "auto" } },
});

export const hidden = style(visuallyHiddenRules);
