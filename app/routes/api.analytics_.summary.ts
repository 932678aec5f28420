// GET /api/analytics/summary?days=30: counts per AppHub_ event and UTC day, newest day first, for
// operators. Aggregate counts only, so it needs no login; never cached. A count of 1 to 4 could
// still point at someone who is known to have been there that day, so it is published with the
// insights pages' floor ("fewer than 5", totals as ranges; issue 40, second review L3).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { lastValue, parseSearchParams } from "~/features/api/json.server";
import { flooredCounts, readCounts } from "~/features/analytics/store.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";

const query = z.object({ days: lastValue(z.coerce.number().int().min(1).max(366).default(30)) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { days } = parseSearchParams(new URL(request.url), query);
  const counts = flooredCounts(await readCounts(context.db, days));
  return Response.json({ days, counts }, { headers: PRIVATE_HEADERS });
}
