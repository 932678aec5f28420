import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

const spin = keyframes({ to: { transform: "rotate(360deg)" } });

export const root = style({ display: "inline-flex", alignItems: "center", justifyContent: "center" });

export const svg = style({
  animation: `${spin} 0.9s linear infinite`,
  "@media": {
    // Reduced motion: a slow turn still says "busy" without the whirl.
    "(prefers-reduced-motion: reduce)": { animationDuration: "2.4s !important", animationIterationCount: "infinite !important" },
  },
});

export const track = style({ stroke: vars.color.border });

export const arc = style({ stroke: vars.color.brand });

export const pendingSlot = style({
  position: "fixed",
  top: `calc(${vars.layout.headerHeight} + ${vars.space[6]})`,
  left: "50%",
  zIndex: vars.zIndex.pending,
  transform: "translateX(-50%)",
  pointerEvents: "none",
});

export const pendingBubble = style({
  display: "flex",
  padding: vars.space[2],
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
});
