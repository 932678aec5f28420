// JSON responses of the /api resource routes (resource routes must return Responses): one shape for errors, and zod-parsed query params.
import { z } from "zod";
import { badRequest } from "~/lib/http.server";

/** A query parameter given once or repeated: the last value counts. */
export const lastValue = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (Array.isArray(v) ? v[v.length - 1] : v), schema);

/** Parses URL search params with a schema; on failure throws a 400 naming the parameter. */
export function parseSearchParams<T extends z.ZodTypeAny>(url: URL, schema: T): z.infer<T> {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    raw[key] = all.length > 1 ? all : all[0]!;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(`Invalid parameter ${issue.path.join(".") || "(query)"}: ${issue.message}`);
  }
  return parsed.data;
}
