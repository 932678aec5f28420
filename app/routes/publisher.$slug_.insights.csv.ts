// GET /publisher/{slug}/insights/csv?chart=&days=[&app=]: one chart of a member's insights page as CSV.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

const page = () => import("~/features/insights/insights-page.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).publisherCsvLoader(args);
