// GET /screenshots/<hue>-<variant>-<n>.svg: the seeded catalogue's generated app screenshots.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseScreenshotName, renderScreenshotSvg, SVG_HEADERS } from "~/lib/logo-svg";

export function loader({ params }: LoaderFunctionArgs) {
  const spec = parseScreenshotName(params.file ?? "");
  if (!spec) return new Response("Not found", { status: 404 });
  return new Response(renderScreenshotSvg(spec), { headers: SVG_HEADERS });
}
