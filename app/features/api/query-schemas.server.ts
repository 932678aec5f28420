// The query parameters of the catalogue API's smaller GET routes (spec §7), beside /api/search's
// (./search-params.server.ts): the routes parse with them and the OpenAPI document
// (app/features/openapi) describes them from them, so both say the same.
import { z } from "zod";
import { isAllowedVideoUrl } from "~/features/app-detail/video";
import { SEARCH_TEXT_MAX } from "~/features/search/search-options";
import { lastValue } from "./json.server";

/** GET /api/suggest */
export const suggestParamsSchema = z.object({
  q: lastValue(z.string().max(SEARCH_TEXT_MAX)).default(""),
});

/** GET /api/fetch-must-try-collection (other parameters are ignored, as the spec's "query params" allow). */
export const mustTryParamsSchema = z.object({ max: lastValue(z.coerce.number().int().min(1).max(100)).optional() }).passthrough();

/** GET /api/fetch-vimeo */
export const videoParamsSchema = z.object({
  url: lastValue(z.string().max(500).refine(isAllowedVideoUrl, "must be an https address on vimeo.com")),
});
