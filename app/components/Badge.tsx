// A short status or type label.
import type { ReactNode } from "react";
import { badgeTones } from "./Badge.css";

export type BadgeTone = keyof typeof badgeTones;

export function Badge({ tone = "neutral", className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return <span className={className ? `${badgeTones[tone]} ${className}` : badgeTones[tone]}>{children}</span>;
}
