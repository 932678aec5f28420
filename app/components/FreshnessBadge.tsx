// An app's freshness (app/models/freshness.ts) as a badge: on cards and the detail page.
import { FRESHNESS_DESCRIPTIONS, FRESHNESS_LABELS, type Freshness } from "~/models/freshness";
import { Badge, type BadgeTone } from "./Badge";

const TONES: Record<Freshness, BadgeTone> = { active: "success", maintained: "neutral", stale: "warning", deprecated: "danger" };

export function FreshnessBadge({ freshness, className }: { freshness: Freshness; className?: string }) {
  return (
    <Badge tone={TONES[freshness]} className={className}>
      <span title={FRESHNESS_DESCRIPTIONS[freshness]}>{FRESHNESS_LABELS[freshness]}</span>
    </Badge>
  );
}
