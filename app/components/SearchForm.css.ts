import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

export const form = style({
  position: "relative",
  display: "flex",
  alignItems: "center",
  width: "100%",
});

export const input = style({
  width: "100%",
  height: vars.space[10],
  paddingInlineStart: vars.space[4],
  paddingInlineEnd: vars.space[12],
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  selectors: {
    "&::placeholder": { color: vars.color.textMuted, opacity: 1 },
    "&:hover": { borderColor: vars.color.textMuted },
    "&:focus-visible": { outlineOffset: "1px", borderColor: vars.color.focus },
    // The submit button is our clear affordance; the native one duplicates it.
    "&::-webkit-search-cancel-button": { cursor: "pointer" },
  },
});

export const submit = style({
  position: "absolute",
  insetInlineEnd: vars.space[1],
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: vars.space[8],
  height: vars.space[8],
  padding: 0,
  border: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.onBrand,
  selectors: { "&:hover": { background: vars.color.brandStrong } },
});

/** The suggestions under the box (spec §2.6). */
export const popup = style({
  position: "absolute",
  top: `calc(100% + ${vars.space[1]})`,
  insetInline: 0,
  zIndex: vars.zIndex.header,
  padding: `${vars.space[2]} 0`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  selectors: { "&[hidden]": { display: "none" } },
});

export const popupHeading = style({
  margin: 0,
  padding: `${vars.space[1]} ${vars.space[4]}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "0.06em",
  textTransform: "uppercase",
});

export const list = style({ listStyle: "none", margin: 0, padding: 0 });

export const option = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space[3],
  minHeight: vars.space[11],
  padding: `${vars.space[2]} ${vars.space[4]}`,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.brandSubtle, boxShadow: `inset 3px 0 0 ${vars.color.brand}` },
  },
});

export const optionLogo = style({ flexShrink: 0, borderRadius: vars.radius.sm });

export const optionText = style({ display: "flex", flexDirection: "column", minWidth: 0 });

export const optionName = style({
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontWeight: vars.fontWeight.semibold,
});

export const optionCompany = style({
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});

export const mark = style({ background: "none", color: vars.color.brand, fontWeight: vars.fontWeight.bold });

export const searchAll = style({ color: vars.color.brand, fontWeight: vars.fontWeight.semibold });
