import { globalStyle, style } from "@vanilla-extract/css";
import { mq, vars } from "../../../styles/theme.css";

export const hero = style({
  background: `linear-gradient(135deg, ${vars.color.brandStrong}, ${vars.color.brand})`,
  color: vars.color.onBrand,
  padding: `${vars.space[12]} ${vars.space[4]}`,
  textAlign: "center",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space[4],
  "@media": { [mq.desktop]: { padding: `72px ${vars.space[6]}` } },
});
export const heroTitle = style({
  margin: 0,
  fontSize: vars.fontSize["3xl"],
  lineHeight: vars.lineHeight.tight,
  maxWidth: "22ch",
  "@media": { [mq.desktop]: { fontSize: vars.fontSize["4xl"] } },
});
export const heroText = style({ margin: 0, fontSize: vars.fontSize.lg, maxWidth: "48ch", opacity: 0.95 });
export const heroSearch = style({ display: "flex", width: "100%", maxWidth: 560, gap: vars.space[2], marginTop: vars.space[2] });
export const heroInput = style({
  flex: 1,
  minWidth: 0,
  font: "inherit",
  padding: `${vars.space[3]} ${vars.space[4]}`,
  borderRadius: vars.radius.pill,
  border: "none",
  color: vars.color.text,
});
export const heroButton = style({
  font: "inherit",
  fontWeight: vars.fontWeight.semibold,
  padding: `${vars.space[3]} ${vars.space[6]}`,
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.onBrand}`,
  background: "transparent",
  color: vars.color.onBrand,
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.onBrand, color: vars.color.brandStrong } },
});
export const products = style({});
globalStyle(`${products} ul`, { display: "flex", flexWrap: "wrap", justifyContent: "center", gap: vars.space[2], listStyle: "none", margin: 0, padding: 0 });
globalStyle(`${products} a`, {
  display: "inline-block",
  padding: `${vars.space[2]} ${vars.space[4]}`,
  borderRadius: vars.radius.pill,
  background: "rgba(255,255,255,0.14)",
  color: vars.color.onBrand,
  textDecoration: "none",
  fontWeight: vars.fontWeight.medium,
});
globalStyle(`${products} a:hover`, { background: "rgba(255,255,255,0.26)" });
