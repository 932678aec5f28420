/** Remix classic compiler, targeting the Cloudflare Workers runtime (see docs/stack-notes.md). */
/** @type {import('@remix-run/dev').AppConfig} */
const full = {
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

/**
 * APP_HUB_BUILD=front: the front Worker's server build (docs/decisions/057). The same routes, ids and
 * paths, but every back-office route's module is app/back-office-route.tsx and the entry is
 * workers/front.ts, which forwards those routes to the back-office Worker (the full build above).
 * Its browser assets are not used: scripts/build-front.ts gives it the full build's manifest and
 * CSS bundle, so both Workers serve one set of assets.
 */
const front = {
  ...full,
  server: "./workers/front.ts",
  serverBuildPath: "build/front/index.js",
  assetsBuildDirectory: "build/front/unused-assets",
  cacheDirectory: ".cache/remix-front",
  async routes() {
    // Imported here, not at the top: the bench builds its floor with a copy of this file alone.
    const { appRouteManifest, backOfficeRouteIds } = await import("./workers/back-office-paths.mjs");
    const all = await appRouteManifest();
    const back = new Set(backOfficeRouteIds(all));
    return Object.fromEntries(Object.values(all).flatMap((route) => (back.has(route.id) ? [[route.id, { ...route, file: "back-office-route.tsx" }]] : [])));
  },
};

export default process.env.APP_HUB_BUILD === "front" ? front : full;
