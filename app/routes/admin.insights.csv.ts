// GET /admin/insights/csv?page=&id=&chart=&days=: one chart of a hub admin's insights page as CSV.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

const page = () => import("~/features/insights/insights-page.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).adminCsvLoader(args);
