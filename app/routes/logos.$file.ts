// GET /logos/<initials>-<hue>-<variant>.svg: the seeded catalogue's generated app logos.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseLogoName, renderLogoSvg, SVG_HEADERS } from "~/lib/logo-svg";

export function loader({ params }: LoaderFunctionArgs) {
  const spec = parseLogoName(params.file ?? "");
  if (!spec) return new Response("Not found", { status: 404 });
  return new Response(renderLogoSvg(spec), { headers: SVG_HEADERS });
}
