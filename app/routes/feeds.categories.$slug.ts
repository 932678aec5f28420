// GET /feeds/categories/{slug}: Atom feed of a category's newest apps (app/features/feeds).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

// Loaded on the first request, not at the isolate's start-up (docs/decisions/036).
export const loader = async (args: LoaderFunctionArgs) => (await import("~/features/feeds/feeds.server")).categoryFeedLoader(args);
