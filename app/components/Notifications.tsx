// The notification area (spec §2.5): alerts with a title, a message and a level, each dismissible.
// Notices arrive from the server after a redirect (app/lib/flash.server.ts). Without JavaScript the
// Dismiss link reloads the page, which no longer carries the one-time notice. The live region is
// always in the page; the notice's code (./Notice.tsx) loads only when a page shows one.
import { lazyHydrated } from "./lazy-hydrated";
import type { Notice } from "./notice";
import { notificationArea } from "./Shell.css";

const LazyNotice = lazyHydrated(() => import("./Notice").then((m) => m.NoticeAlert));

export function Notifications({ notice }: { notice: Notice | null }) {
  return (
    <div className={notificationArea} role="status" aria-live="polite" aria-label="Notifications">
      {notice ? <LazyNotice notice={notice} /> : null}
    </div>
  );
}
