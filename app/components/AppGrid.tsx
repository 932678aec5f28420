// A responsive grid of app cards. Items carry ids (item-N, counted across pages) so a page of
// "more results" can link straight to its first new card.
import type { AppSummary } from "~/models/types";
import { AppCard } from "./AppCard";
import * as s from "./AppGrid.css";

export const gridItemId = (position: number) => `item-${position}`;

export function AppGrid({ apps, startIndex = 0, headingLevel = 2 }: { apps: readonly AppSummary[]; startIndex?: number; headingLevel?: 2 | 3 }) {
  return (
    <ul role="list" className={s.grid}>
      {apps.map((app, i) => (
        <AppCard key={app.id} as="li" id={gridItemId(startIndex + i + 1)} className={s.item} app={app} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
