/** Remix classic compiler, targeting the Cloudflare Workers runtime (see docs/stack-notes.md). */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.ts", "**/*.test.tsx", "**/*.css.ts"],
  serverModuleFormat: "esm",
  serverPlatform: "neutral",
  serverConditions: ["workerd", "worker", "browser"],
  serverMainFields: ["browser", "module", "main"],
  serverMinify: false,
  // The Worker itself (workers/app.ts) is the server build's entry: Remix bundles it with the routes,
  // so the Worker and every loader share one copy of each app module (before, wrangler bundled
  // workers/app.ts beside build/index.js and every app module the Worker imported was in the upload
  // twice, its zod schemas built twice at startup: docs/decisions/056). build/index.js is the Worker
  // wrangler.toml's `main` names; it imports the build as "@remix-run/dev/server-build".
  server: "./workers/app.ts",
  // Packages stay imports in build/index.js and wrangler bundles them once (zod, @remix-run/*,
  // lru-cache, …); "all" put a second copy of some in the Worker (docs/decisions/036).
  serverDependenciesToBundle: [],
  serverNodeBuiltinsPolyfill: { modules: {} },
  watchPaths: ["./styles/**/*", "./workers/**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
