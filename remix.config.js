/** Remix classic compiler, targeting the Cloudflare Workers runtime (see docs/stack-notes.md). */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.ts", "**/*.test.tsx", "**/*.css.ts"],
  serverModuleFormat: "esm",
  serverPlatform: "neutral",
  serverConditions: ["workerd", "worker", "browser"],
  serverMainFields: ["browser", "module", "main"],
  serverMinify: false,
  // Packages stay imports in build/index.js and wrangler bundles them once, with workers/app.ts's own
  // imports of the same packages (zod, @remix-run/*, lru-cache, …); "all" put a second copy of each
  // in the Worker (docs/decisions/036).
  serverDependenciesToBundle: [],
  serverNodeBuiltinsPolyfill: { modules: {} },
  watchPaths: ["./styles/**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
