// The app detail page body: identity, how to get it, what it does, and where to learn more
// (./AppDetailParts.tsx). Server-rendered HTML the browser keeps (Islands, docs/decisions/019): the
// head and the body hold no React state, so their code is not in the first-load JavaScript. The
// dialogs (Requires Admin, the third-party disclaimer, the embedded app's) and the video facade get
// their behaviour from delegated listeners (app/components/chrome.ts).
// - The add-bot panel (logged in, a bot) holds state (its steps, the space filter): there the head is
//   a lazyHydrated part (app/components/lazy-hydrated.tsx), whose code is fetched at once and which
//   React renders in place of its server HTML when it is here (the page counts as enhanced only
//   then). Until that moment the server's HTML works as it does without JavaScript. The body stays an
//   Island.
// - A client-side navigation to a detail page (a new address) renders the parts with React: their
//   code is fetched after a detail page has shown, so coming back to one renders at once (and the
//   scroll position is restored); a first visit by a client-side navigation loads it then.
import { useLocation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { Island } from "~/components/Island";
import { lazyHydrated, MountedByNavigation } from "~/components/lazy-hydrated";
import { AppDetailBody, AppDetailHead } from "./AppDetailParts.server";
import type { DetailPage } from "./detail-page";
import { lazyPart } from "~/components/lazy-hydrated.css";
import { body as bodyClass, page } from "./AppDetailView.css";

const LazyHead = lazyHydrated(() => import("./AppDetailParts").then((m) => m.AppDetailHead));
const LazyBody = lazyHydrated(() => import("./AppDetailParts").then((m) => m.AppDetailBody));
// Ratings and reviews hold forms whose refused posts show in place: rendered by React (lazily, like
// the add-bot panel), not kept as an Island's HTML.
const LazyReviews = lazyHydrated(() => import("~/features/reviews/ReviewsSection").then((m) => m.ReviewsSection));

export function AppDetailView({
  page: detail,
  children = null,
}: {
  page: DetailPage;
  /** A section of the app's own, under the header (My Webhooks on the webhook apps' pages). */
  children?: ReactNode;
}) {
  // A new address may be another app: the server's HTML was for the first one only.
  const { key } = useLocation();
  useEffect(() => {
    LazyHead.preload();
    LazyBody.preload();
    LazyReviews.preload();
  }, []);
  const server = typeof document === "undefined";
  return (
    <article className={page} aria-labelledby="app-name">
      {detail.primary.kind === "add-bot" ? (
        // Its h1 never missing: a navigation waits for the head's code (lazy-hydrated.tsx).
        <MountedByNavigation>
          <LazyHead page={detail} />
        </MountedByNavigation>
      ) : (
        // display: contents, so the breadcrumb and the header stay the page's own flex items.
        <Island key={`head:${key}`} id="app-detail-head" className={lazyPart} fallback={<LazyHead page={detail} />}>
          {server ? <AppDetailHead page={detail} /> : null}
        </Island>
      )}

      {children}

      <Island key={`body:${key}`} id="app-detail-body" className={bodyClass} fallback={<LazyBody page={detail} />}>
        {server ? <AppDetailBody page={detail} /> : null}
      </Island>

      <LazyReviews view={detail.reviews} />
    </article>
  );
}
