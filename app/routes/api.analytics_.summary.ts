// GET /api/analytics/summary?days=30: counts per AppHub_ event and UTC day, newest day first, for
// operators. Aggregate counts only (no person in them), so it needs no login; never cached.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { lastValue, parseSearchParams } from "~/features/api/json.server";
import { readCounts } from "~/features/analytics/store.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";

const query = z.object({ days: lastValue(z.coerce.number().int().min(1).max(366).default(30)) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { days } = parseSearchParams(new URL(request.url), query);
  const counts = await readCounts(context.env.DB, days);
  return Response.json({ days, counts }, { headers: PRIVATE_HEADERS });
}
