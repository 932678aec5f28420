// The document: header, footer, skip links, test-environment bar and the error boundary.
import { cssBundleHref } from "@remix-run/css-bundle";
import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { loader } from "./root-loader.server";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useNavigate, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { lazy, useEffect, useRef, type ReactNode } from "react";
import { ErrorOverlaySlot } from "~/features/announcement/ErrorOverlaySlot";
import { footerHtml } from "~/components/Footer.server";
import { Island } from "~/components/Island";
import { footer as footerClass, header as headerClass } from "~/components/Shell.css";
import { drawerGroupsHtml, HeaderContent } from "~/components/Header.server";
import { PendingIndicator } from "~/components/Spinner";
import { SkipLinks } from "~/components/SkipLinks";
import { lazyHydrated, whenLazyHydrated } from "~/components/lazy-hydrated";
import { errorPageFor } from "~/lib/errors";
import { useNonce } from "~/lib/server-render";
import { routeHeaders } from "~/lib/route-headers";
import { Notifications } from "~/components/Notifications";
import { Analytics } from "~/features/analytics/Analytics";
import "../styles/global.css";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }, ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : [])];

export const meta: MetaFunction = ({ error }) => {
  if (!error) return [{ title: "App Hub" }];
  const page = errorPageFor(isRouteErrorResponse(error) ? error.status : 500);
  return [{ title: `${page.title} | App Hub` }, { name: "robots", content: "noindex" }];
};

export const headers = routeHeaders;

export { loader };

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/** Per-route settings (spec §2.2) read from `handle`. */
export type RouteHandle = { layout?: "normal" | "sideNav" | "blank"; hideSearch?: boolean };

/** The header's and footer's code, loaded only when the browser renders them (app/components/Island.tsx). */
const LazyHeader = lazy(() => import("~/components/Header").then((m) => ({ default: m.HeaderContent })));
const LazyFooter = lazy(() => import("~/components/Footer").then((m) => ({ default: m.FooterHere })));
/** Only error pages show it (app/components/lazy-hydrated.tsx). */
const ErrorPage = lazyHydrated(() => import("~/components/ErrorPage").then((m) => m.ErrorPage));
/** Only test environments show the bar (app/components/lazy-hydrated.tsx). */
const TestEnvironmentBar = lazyHydrated(() => import("~/components/TestEnvironmentBar").then((m) => m.TestEnvironmentBar));
/** The chrome's behaviour (menus, search box, current links), after hydration. */
let chrome: Promise<typeof import("~/components/chrome")> | null = null;
const loadChrome = () => (chrome ??= import("~/components/chrome"));

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const location = useLocation();
  const matches = useMatches();
  const handles = matches.map((m) => (m.handle ?? {}) as RouteHandle);
  const blank = handles.some((h) => h.layout === "blank");
  const hideSearch = handles.some((h) => h.hideSearch);
  const isHome = location.pathname === "/";
  const searchQuery = new URLSearchParams(location.search).get("q") ?? undefined;
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    let remove = () => {};
    void loadChrome().then((m) => {
      if (!cancelled) remove = m.enhanceChrome(document, navigate);
    });
    // The page is fully interactive once the chrome and every lazily hydrated part are (e2e waits for it).
    void Promise.all([loadChrome(), whenLazyHydrated()]).then(() => {
      if (!cancelled) document.documentElement.dataset.enhanced = "true";
    });
    return () => {
      cancelled = true;
      remove();
    };
  }, [navigate]);
  const navigated = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (location.key); the location it reads is that navigation's
  useEffect(() => {
    const after = navigated.current;
    navigated.current = true;
    void loadChrome().then((m) => m.syncChrome(document, location, after));
  }, [location.key]);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b4f6c" />
        <Meta />
        <Links />
      </head>
      <body>
        {blank || !root ? (
          <main id="main-content" tabIndex={-1}>
            {children}
          </main>
        ) : (
          <>
            <SkipLinks homeOffset={isHome} />
            {root.config.renderEnvironmentWarning && !root.testBarHidden ? (
              <TestEnvironmentBar productName={root.config.productName} productionUrl={root.config.productionPortalUrl} returnTo={location.pathname + location.search} />
            ) : null}
            {/* Server-rendered; a page without the search box gets its own header (the key). */}
            <Island
              key={hideSearch ? "header-without-search" : "header"}
              id="site-header"
              as="header"
              className={headerClass}
              fallback={<LazyHeader config={root.config} nav={root.nav} showSearch={!hideSearch} searchQuery={searchQuery} isHome={isHome} user={root.user} />}
            >
              {typeof document === "undefined" ? (
                <HeaderContent
                  config={root.config}
                  nav={root.nav}
                  showSearch={!hideSearch}
                  searchQuery={searchQuery}
                  isHome={isHome}
                  user={root.user}
                  drawerGroupsHtml={drawerGroupsHtml(root.nav, location.pathname)}
                />
              ) : null}
            </Island>
            <Notifications notice={root.notice} />
            <main id="main-content" tabIndex={-1}>
              {children}
            </main>
            <Island
              id="footer"
              as="footer"
              className={footerClass}
              attributes={{ tabIndex: -1 }}
              html={typeof document === "undefined" ? footerHtml(root.config.productName, root.year) : undefined}
              fallback={<LazyFooter />}
            />
          </>
        )}
        <PendingIndicator />
        {root?.hydrate === false ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            <Analytics />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const page = errorPageFor(isRouteErrorResponse(error) ? error.status : 500);
  // The not-found route's 404 carries the announcement and modals (spec §2.1); other errors none.
  return (
    <>
      <ErrorOverlaySlot error={error} slot="banner" />
      <ErrorPage status={page.status} title={page.title} message={page.message} />
      <ErrorOverlaySlot error={error} slot="modals" />
    </>
  );
}
