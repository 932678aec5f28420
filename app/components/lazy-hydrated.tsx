// A component whose code is not in the first-load JavaScript (docs/decisions/019), for parts that
// only some pages show (the test-environment bar, a notice, the announcement banner and modals):
// the server renders it at once (its module is loaded before the isolate's first document render,
// loadLazyParts, rather than at start-up: docs/decisions/036),
// inside a wrapper without a box (display: contents). In the browser the first render keeps the
// server's HTML in that wrapper as markup, fetches the code, and then renders the component in its
// place; until then the HTML works as it does without JavaScript. The code is fetched only when a
// page renders the component.
//
// Not hydrated behind a Suspense boundary: React throws away a boundary that is still waiting for
// its code when an update reaches it outside a transition (error 421), and Remix sends one on every
// navigation (RemixBrowser's location state), so a link followed before the code arrived made the
// part blink out with an error in the console.
import { createContext, Suspense, useContext, useEffect, useId, useState, type ComponentType, type ReactNode } from "react";
import { lazyPart } from "./lazy-hydrated.css";

/**
 * True where a lazy part is mounted by a navigation (an Island's fallback, a page's own head): it
 * then has no Suspense boundary of its own, so while its code is on its way the suspension reaches
 * the navigation's transition, and React keeps showing the page being left until the new one can
 * show whole. With a boundary of its own it showed nothing meanwhile: a followed app's page without
 * its head and h1 (issue 27). Only for parts that a navigation mounts: a synchronous update that
 * suspended without a boundary would be an error.
 */
const HeldByNavigation = createContext(false);

/** Marks `children` as mounted by navigations (see HeldByNavigation). */
export function MountedByNavigation({ children }: { children: ReactNode }) {
  return <HeldByNavigation.Provider value={true}>{children}</HeldByNavigation.Provider>;
}

/** Lazy components the browser's first render waited for and that have not hydrated yet. */
let pending = 0;
const waiters: Array<() => void> = [];
const settle = () => {
  if (pending === 0) for (const resolve of waiters.splice(0)) resolve();
};

/** Holds whenLazyHydrated() until the returned function is called (a part waiting for its code). */
function holdLazyHydrated(): () => void {
  pending++;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    pending--;
    settle();
  };
}

/** Resolves once every lazy component of the first render has hydrated (the page is interactive). */
export function whenLazyHydrated(): Promise<void> {
  return new Promise((resolve) => {
    waiters.push(resolve);
    settle();
  });
}

export type LazyHydrated<P> = ComponentType<P> & {
  /** Fetches the code ahead, so a later render (a client-side navigation back) is synchronous. */
  preload: () => void;
  /** The same, resolving once the code is here. */
  load: () => Promise<unknown>;
};

/**
 * On the server: every lazy part's loader. Started before the first document render (entry.server
 * awaits loadLazyParts) rather than when the module is imported, so an isolate that starts for an
 * API, feed or data request does not evaluate the pages' lazily loaded modules (docs/decisions/036).
 */
const serverParts: Array<() => Promise<unknown>> = [];

/** Resolves once every lazy part's code is loaded (at once after the first time). */
export async function loadLazyParts(): Promise<void> {
  // A part's module may itself make lazy parts: repeat until no new ones appear.
  for (let known = -1; known !== serverParts.length; ) {
    known = serverParts.length;
    await Promise.all(serverParts.map((start) => start()));
  }
}

/** The server's HTML of a lazily hydrated part, read once when the browser first renders it. */
const serverHtml = (id: string): string | null => (typeof document === "undefined" ? null : (document.querySelector(`[data-lazy-part="${CSS.escape(id)}"]`)?.innerHTML ?? null));

/**
 * Also for components only the browser renders later (an Island's fallback): once the code is here
 * (preload), they render synchronously, with no empty frame (scroll restoration needs the content).
 */
export function lazyHydrated<P extends object>(load: () => Promise<ComponentType<P>>): LazyHydrated<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<unknown> | null = null;
  // A chunk that could not be fetched: rendering throws it (the route's error boundary shows), so a
  // navigation waiting for it (MountedByNavigation) ends instead of waiting for good.
  let failed: { error: unknown } | null = null;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        failed = { error };
      },
    ));
  if (typeof document === "undefined") serverParts.push(start);

  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazily loaded module at import time, never inside a render
  function Loaded(props: P) {
    // Suspends (React 18's thrown-promise protocol) until the code is here: for a part mounted after
    // the first render (on the server, loadLazyParts has loaded it before the render).
    if (failed) throw failed.error;
    if (!loaded) throw start();
    const Component = loaded;
    return <Component {...props} />;
  }

  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazily loaded module at import time, never inside a render
  function LazyHydrated(props: P) {
    const id = useId();
    const held = useContext(HeldByNavigation);
    // The server's HTML, on the first render in the browser while the code is not here yet.
    const [html] = useState(() => (loaded ? null : serverHtml(id)));
    const [live, setLive] = useState(html === null);
    useEffect(() => {
      if (live) return;
      const release = holdLazyHydrated();
      let cancelled = false;
      void start().then(() => {
        // Without its code the server's HTML stays, working as it does without JavaScript.
        if (!cancelled && loaded) setLive(true);
      });
      return () => {
        cancelled = true;
        // After the live render has committed (or when the part goes away).
        release();
      };
    }, [live]);
    if (!live) {
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup the server rendered for this part, read back from the document (React output, escaped)
      return <div key="server" className={lazyPart} data-lazy-part={id} dangerouslySetInnerHTML={{ __html: html ?? "" }} />;
    }
    return (
      <div key="live" className={lazyPart} data-lazy-part={id}>
        {held ? (
          <Loaded {...props} />
        ) : (
          <Suspense fallback={null}>
            <Loaded {...props} />
          </Suspense>
        )}
      </div>
    );
  }
  LazyHydrated.preload = () => void start();
  LazyHydrated.load = start;
  return LazyHydrated;
}
