// Small inline SVG icons; decorative (aria-hidden), so the control around them carries the name.
import type { ReactNode } from "react";

export type IconProps = { size?: number; className?: string };

/** The frame every icon shares; icons used only in a lazily loaded part draw theirs with it there, so
 * their paths stay out of the first-load chunk this module is in. */
export function Svg({ size = 20, className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}

export const MenuIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);

export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);

export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </Svg>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);

/** The App Hub mark: four tiles, one in the brand colour's light tint. */
export function LogoMark({ size = 32, className }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <rect x="7" y="7" width="8" height="8" rx="2" fill="#FFFFFF" />
      <rect x="17" y="7" width="8" height="8" rx="2" fill="#FFFFFF" opacity="0.75" />
      <rect x="7" y="17" width="8" height="8" rx="2" fill="#FFFFFF" opacity="0.75" />
      <rect x="17" y="17" width="8" height="8" rx="4" fill="#FFFFFF" />
    </svg>
  );
}
