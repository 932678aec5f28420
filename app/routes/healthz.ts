// GET /healthz: each service's state as JSON (app/features/health/health.server.ts); 503 when D1 or KV is down.
// Never cached anywhere: a health answer is only true for the moment it is given.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_CONTROL } from "~/lib/cache-policy.server";
import { healthReport } from "~/features/health/health.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const { report, httpStatus } = await healthReport(context.env);
  return Response.json(report, { status: httpStatus, headers: { "Cache-Control": CACHE_CONTROL.noStore } });
}
