// A component whose code is not in the first-load JavaScript (docs/decisions/019), for parts that
// only some pages show (the test-environment bar, a notice, the announcement banner and modals):
// the server renders it at once (its module is loaded at start-up, as ErrorOverlaySlot.tsx does),
// and in the browser React keeps the server's HTML inside a Suspense boundary until the code is
// there, then hydrates it. The code is fetched only when a page renders the component.
import { Suspense, useEffect, type ComponentType } from "react";

/** Lazy components the browser's first render waited for and that have not hydrated yet. */
let pending = 0;
const waiters: Array<() => void> = [];
const settle = () => {
  if (pending === 0) for (const resolve of waiters.splice(0)) resolve();
};

/**
 * Holds whenLazyHydrated() until the returned function is called: for a part that React renders in
 * place of its server HTML once its code is here, rather than hydrating it (a Suspense boundary
 * still waiting for its code when the router updates is thrown away with React error 421).
 */
export function holdLazyHydrated(): () => void {
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
 * Also for components only the browser renders later (an Island's fallback): once the code is here
 * (preload), they render synchronously, with no empty frame (scroll restoration needs the content).
 */
export function lazyHydrated<P extends object>(load: () => Promise<ComponentType<P>>): LazyHydrated<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<unknown> | null = null;
  let counted = false;
  const start = () => (loading ??= load().then((component) => (loaded = component)));
  if (typeof document === "undefined") void start();

  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazily loaded module at import time, never inside a render
  function Loaded(props: P) {
    useEffect(() => {
      if (!counted) return;
      counted = false;
      pending--;
      settle();
    }, []);
    if (!loaded) {
      if (typeof document !== "undefined" && !counted) {
        counted = true;
        pending++;
      }
      // Suspends (React 18's thrown-promise protocol) until the code is here.
      throw start();
    }
    const Component = loaded;
    return <Component {...props} />;
  }

  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazily loaded module at import time, never inside a render
  function LazyHydrated(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  LazyHydrated.preload = () => void start();
  LazyHydrated.load = start;
  return LazyHydrated;
}
