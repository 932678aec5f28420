// The trust filters' form and active-filter chips (./ListFilters.tsx).
import { globalStyle, style } from "@vanilla-extract/css";
import { visuallyHiddenRules } from "../../../styles/global.css";
import { mq, vars } from "../../../styles/theme.css";

export const panel = style({
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const summary = style({
  cursor: "pointer",
  padding: `${vars.space[3]} ${vars.space[4]}`,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space[4], padding: `0 ${vars.space[4]} ${vars.space[4]}` });

export const fields = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(13rem, 1fr))",
  gap: vars.space[4],
  alignItems: "start",
});

export const fieldset = style({ border: 0, margin: 0, padding: 0, minWidth: 0, display: "flex", flexDirection: "column", gap: vars.space[1] });

export const legend = style({
  padding: 0,
  marginBottom: vars.space[1],
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});

export const option = style({ display: "flex", alignItems: "flex-start", gap: vars.space[2], fontSize: vars.fontSize.sm, color: vars.color.text, lineHeight: 1.4 });

globalStyle(`${option} input`, { margin: "2px 0 0", flex: "none", width: "18px", height: "18px", accentColor: vars.color.brand });

export const select = style({
  font: "inherit",
  fontSize: vars.fontSize.sm,
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  maxWidth: "100%",
});

export const actions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space[3] });

export const active = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space[2] });

export const chipList = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], listStyle: "none", margin: 0, padding: 0 });

export const clear = style({ display: "flex", alignItems: "center", fontSize: vars.fontSize.sm });

// On a phone the words "Active filters:" go (the nav keeps them as its name, and each chip says
// what it filters), so the chips take one line less above the apps (issue 27).
export const activeTitle = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  "@media": { [mq.belowTablet]: visuallyHiddenRules },
});

export const chip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space[1],
  padding: `${vars.space[1]} ${vars.space[3]}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.brand}`,
  background: vars.color.brandSubtle,
  color: vars.color.brandStrong,
  textDecoration: "none",
  fontSize: vars.fontSize.sm,
  selectors: { "&:hover": { background: vars.color.brand, color: vars.color.onBrand } },
});

export const chipX = style({ fontWeight: vars.fontWeight.semibold });

export const empty = style({ margin: 0, color: vars.color.text });
