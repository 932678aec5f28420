// Design tokens: the one place for colour, space (4 px grid), type, radii, shadows and layout sizes.
import { createGlobalTheme } from "@vanilla-extract/css";

export const vars = createGlobalTheme(":root", {
  color: {
    // Every text/background pair below keeps a contrast ratio of at least 4.5:1.
    brand: "#0B5CAD",
    brandStrong: "#08457F",
    brandSubtle: "#E8F0FA",
    onBrand: "#FFFFFF",
    text: "#0F1A2A",
    textMuted: "#4A5568",
    surface: "#FFFFFF",
    surfaceAlt: "#F5F7FA",
    surfaceSunken: "#EEF2F6",
    border: "#E2E8F0",
    borderStrong: "#8A94A6",
    focus: "#1D5FD1",
    danger: "#B42318",
    dangerBg: "#FEECEB",
    warningBg: "#FFF4D6",
    warningText: "#7A4A00",
    success: "#067647",
    successBg: "#E7F6EC",
    overlay: "rgba(15, 26, 42, 0.6)",
  },
  space: {
    "0": "0",
    "1": "4px",
    "2": "8px",
    "3": "12px",
    "4": "16px",
    "5": "20px",
    "6": "24px",
    "7": "28px",
    "8": "32px",
    "9": "36px",
    "10": "40px",
    "11": "44px",
    "12": "48px",
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  fontSize: {
    xs: "0.75rem",
    sm: "0.875rem",
    md: "1rem",
    lg: "1.125rem",
    xl: "1.25rem",
    "2xl": "1.5rem",
    "3xl": "2rem",
    "4xl": "2.5rem",
    display: "4.5rem",
  },
  fontWeight: { regular: "400", medium: "500", semibold: "600", bold: "700" },
  lineHeight: { tight: "1.25", snug: "1.375", normal: "1.5" },
  radius: { sm: "6px", md: "8px", lg: "12px", pill: "999px" },
  shadow: {
    sm: "0 1px 2px rgba(15, 26, 42, 0.06)",
    md: "0 2px 4px rgba(15, 26, 42, 0.06), 0 4px 12px rgba(15, 26, 42, 0.08)",
    lg: "0 8px 24px rgba(15, 26, 42, 0.12), 0 2px 6px rgba(15, 26, 42, 0.08)",
  },
  layout: {
    contentMax: "1280px",
    sideNav: "248px",
    headerHeight: "64px",
    gutter: "16px",
    gutterWide: "32px",
  },
  zIndex: { header: "20", drawer: "30", pending: "40", dialog: "50" },
  transition: { fast: "120ms ease-out", normal: "200ms ease-out" },
});

/** Media queries for `@media` keys; phones are the default, these widen it. */
export const mq = {
  tablet: "screen and (min-width: 768px)",
  desktop: "screen and (min-width: 1024px)",
  wide: "screen and (min-width: 1280px)",
  /** Phones: below the tablet breakpoint. */
  belowTablet: "screen and (max-width: 767.98px)",
  /** Below the desktop breakpoint: where the mobile drawer and toggles live. */
  belowDesktop: "screen and (max-width: 1023.98px)",
  /** Phones narrower than 420 px, where the header keeps only the essentials. */
  narrowPhone: "screen and (max-width: 419.98px)",
  reducedMotion: "(prefers-reduced-motion: reduce)",
} as const;
