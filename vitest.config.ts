// Two vitest projects: unit (pure rules, in Node) and integration (the built Worker in Miniflare
// with real D1 and KV). `npm test` builds the Worker before the integration project runs.
import { fileURLToPath } from "node:url";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
// Each file's clock starts at APP_HUB_TEST_CLOCK when set (test/test-clock.ts; issue 46).
const testClock = fileURLToPath(new URL("./test/test-clock-setup.ts", import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        // Components' vanilla-extract styles (class names, as the Remix build makes them).
        plugins: [vanillaExtractPlugin()],
        test: {
          name: "unit",
          environment: "node",
          setupFiles: [testClock],
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "test/*.test.ts", "scripts/**/*.test.ts", "workers/**/*.test.ts", "bench/**/*.test.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          environment: "node",
          setupFiles: [testClock],
          include: ["test/integration/**/*.test.ts"],
          // One Miniflare (workerd) per file, two files at a time on the machine's two cores: each
          // file has its own D1, KV and rate-limit state, so none sees another's (2m10s instead of
          // 5 min serially, twice in a row without a failure when this was chosen).
          fileParallelism: true,
          maxWorkers: 2,
          // A worker runs its files one after another and keeps their shared modules (the harness,
          // the built Worker's source, miniflare, wrangler): each file still starts its own
          // Miniflare and builds its own state in beforeAll, and no file mocks a module or a global.
          // Half a second of spawn and import per file saved (decision 048).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Contract tests of the platform emulator (workers/platform/) against app/platform/schemas.ts.
          name: "platform",
          environment: "node",
          setupFiles: [testClock],
          include: ["test/platform/**/*.test.ts"],
          // Each file starts its own emulator on a port of its own, as the integration files do.
          fileParallelism: true,
          maxWorkers: 2,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
