import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

const LOGO = "56px";

export const card = style({
  position: "relative",
  display: "grid",
  gridTemplateColumns: `${LOGO} minmax(0, 1fr)`,
  gridTemplateAreas: `"logo badges" "name name" "company company" "tagline tagline" "meta meta"`,
  gridTemplateRows: `${LOGO} auto auto 1fr auto`,
  alignContent: "start",
  columnGap: vars.space[3],
  height: "100%",
  // Every line below is clamped, so this fits the content and no card grows after load.
  minHeight: "244px",
  padding: vars.space[5],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  transition: `box-shadow ${vars.transition.normal}, border-color ${vars.transition.normal}`,
  selectors: {
    "&:hover": { borderColor: vars.color.borderStrong, boxShadow: vars.shadow.md },
  },
});

export const logo = style({
  gridArea: "logo",
  width: LOGO,
  height: LOGO,
  objectFit: "contain",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const badges = style({
  gridArea: "badges",
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "flex-end",
  alignContent: "flex-start",
  gap: vars.space[1],
});

// A long badge ("Restricted by your organisation", issue 29) wraps inside the badges' column
// rather than run over the logo in a narrow card.
globalStyle(`${badges} > *`, { maxWidth: "100%", whiteSpace: "normal", textAlign: "end" });

/** The one badge of most cards, placed as the wrapper above places two. */
export const soloBadge = style({ gridArea: "badges", justifySelf: "end", alignSelf: "start" });

export const name = style({
  gridArea: "name",
  marginTop: vars.space[4],
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.normal,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

/** One link per card; its ::after stretches over the whole card so all of it is clickable. */
export const link = style({
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    "&::after": { content: '""', position: "absolute", inset: 0, borderRadius: vars.radius.lg },
    "&:hover": { color: vars.color.brand },
    "&:focus-visible": { outline: "none" },
    "&:focus-visible::after": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const company = style({
  gridArea: "company",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

export const tagline = style({
  gridArea: "tagline",
  // Stay two lines tall even though the grid row stretches.
  alignSelf: "start",
  marginTop: vars.space[2],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
});

/** The rating and freshness line at the card's foot. */
export const meta = style({
  gridArea: "meta",
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space[2],
  margin: `${vars.space[3]} 0 0`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const verified = style({
  marginInlineStart: vars.space[1],
  color: vars.color.success,
  fontWeight: vars.fontWeight.semibold,
});
