// Document-wide resets and the few global rules every page relies on (focus rings, reduced motion).
import { globalStyle, style } from "@vanilla-extract/css";
import { mq, vars } from "./theme.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });

globalStyle("html", {
  WebkitTextSizeAdjust: "100%",
  textSizeAdjust: "100%",
  // Leave room for the sticky header when jumping to a hash target.
  scrollPaddingTop: vars.layout.headerHeight,
});

globalStyle("body", {
  margin: 0,
  minHeight: "100vh",
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  background: vars.color.surface,
  WebkitFontSmoothing: "antialiased",
  MozOsxFontSmoothing: "grayscale",
});

globalStyle("h1, h2, h3, h4, h5, h6", { margin: 0, lineHeight: vars.lineHeight.tight, fontWeight: vars.fontWeight.semibold });
globalStyle("p, figure, blockquote, dl, dd", { margin: 0 });
globalStyle("ul[role='list'], ol[role='list']", { listStyle: "none", margin: 0, padding: 0 });

globalStyle("img, svg, video, canvas, picture", { display: "block", maxWidth: "100%" });
globalStyle("img, video", { height: "auto" });

globalStyle("input, button, textarea, select", { font: "inherit", color: "inherit" });
globalStyle("button", { cursor: "pointer" });

globalStyle("a", { color: vars.color.brand, textUnderlineOffset: "0.15em" });
globalStyle("a:hover", { color: vars.color.brandStrong });

globalStyle(":focus-visible", {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: "2px",
});

// Skip-link targets (main, footer) take focus programmatically; a ring round the whole region is noise.
globalStyle("[tabindex='-1']:focus", { outline: "none" });

globalStyle("*, *::before, *::after", {
  "@media": {
    [mq.reducedMotion]: {
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      transitionDuration: "0.01ms !important",
    },
  },
});

/** The rules behind visuallyHidden, for styles that hide only under a media query or selector. */
export const visuallyHiddenRules = {
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
} as const;

/** Hidden on screen, still read by screen readers. */
export const visuallyHidden = style(visuallyHiddenRules);

/** The same, for markup written outside React (app/lib/markdown.server.ts: a link's hidden words). */
globalStyle("[data-visually-hidden]", visuallyHiddenRules);
