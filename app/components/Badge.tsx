// A short status or type label.
import type { ReactNode } from "react";
import { badgeTones } from "./Badge.css";

export type BadgeTone = keyof typeof badgeTones;

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={badgeTones[tone]}>{children}</span>;
}
