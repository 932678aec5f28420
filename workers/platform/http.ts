// Request context, router and the zod-checked input helpers every handler uses.
import { z } from "zod";
import { ApiError, badRequest } from "./errors.ts";
import type { TokenAuth } from "./people.ts";

export type Ctx = {
  request: Request;
  env: PlatformEnv;
  db: D1Database;
  url: URL;
  /** Path parameters of the matched route, e.g. `id`. */
  params: Record<string, string>;
  trackingId: string;
  waitUntil: (promise: Promise<unknown>) => void;
  /** The bearer token's person, client and scopes, for handlers behind `authed()` (index.ts). */
  auth?: TokenAuth;
};

export type Handler = (c: Ctx) => Promise<Response>;

type Route = { method: string; pattern: RegExp; keys: string[]; handler: Handler };

/** A tiny method + path router; `:name` segments become params (URL-decoded). */
export class Router {
  private readonly routes: Route[] = [];

  on(method: string, path: string, handler: Handler): this {
    const keys: string[] = [];
    const pattern = new RegExp(
      `^${path.replace(/\/:([a-zA-Z]+)/g, (_, key: string) => {
        keys.push(key);
        return "/([^/]+)";
      })}/?$`,
    );
    this.routes.push({ method, pattern, keys, handler });
    return this;
  }

  /** The handler and params, `{ allowed }` when only the method is wrong, or null. */
  match(method: string, pathname: string): { handler: Handler; params: Record<string, string> } | { allowed: string[] } | null {
    const allowed: string[] = [];
    for (const route of this.routes) {
      const m = route.pattern.exec(pathname);
      if (!m) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      route.keys.forEach((key, i) => {
        params[key] = decodeURIComponent(m[i + 1]!);
      });
      return { handler: route.handler, params };
    }
    return allowed.length ? { allowed } : null;
  }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

/** The object schema under refinements (`.refine()` wraps it in ZodEffects), if the body is an object. */
function objectShape(schema: z.ZodTypeAny): Record<string, unknown> | null {
  let inner: z.ZodTypeAny = schema;
  while (inner instanceof z.ZodEffects) inner = inner.innerType();
  return inner instanceof z.ZodObject ? (inner.shape as Record<string, unknown>) : null;
}

/**
 * The JSON body parsed with a schema; anything else is a 400 a person can act on. Every JSON body
 * is strict, as on the platform: a field the call does not know is refused by name, never dropped
 * (issue 27: only POST /v1/messages refused them, so a hub sending an invented field elsewhere
 * passed here and failed upstream).
 */
export async function parseJsonBody<T extends z.ZodTypeAny>(c: Ctx, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await c.request.json();
  } catch {
    throw badRequest("The request body must be valid JSON.");
  }
  const shape = objectShape(schema);
  if (shape && body !== null && typeof body === "object" && !Array.isArray(body)) {
    const unknown = Object.keys(body).filter((key) => !Object.hasOwn(shape, key));
    if (unknown.length) throw badRequest(`Invalid request body: unknown field${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}.`);
  }
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest(`Invalid request body: ${describeIssue(result.error)}`);
  return result.data;
}

/** Query parameters (last value of each) parsed with a schema. */
export function parseQuery<T extends z.ZodTypeAny>(url: URL, schema: T): z.infer<T> {
  const result = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!result.success) throw badRequest(`Invalid query parameter ${describeIssue(result.error)}`);
  return result.data;
}

/** A form-encoded body parsed with a schema. */
export async function parseFormBody<T extends z.ZodTypeAny>(c: Ctx, schema: T, onError?: (message: string) => never): Promise<z.infer<T>> {
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(await c.request.text());
  } catch {
    throw badRequest("The request body must be form-encoded.");
  }
  const result = schema.safeParse(Object.fromEntries(form));
  if (!result.success) {
    const message = `Invalid request: ${describeIssue(result.error)}`;
    if (onError) onError(message);
    throw badRequest(message);
  }
  return result.data;
}

/** An integer var with a default (ttl vars). */
export function intVar(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(n) && n > 0 ? n : fallback;
}

export const maxParam = z.coerce.number().int().min(1).max(1000);

/**
 * A list's paging fields for its query schema: `max` (the platform's default and upper limit for
 * that list) and our `cursor`, an offset that clients never build: they follow the Link header
 * (RFC 5988). Spread into the list's z.object.
 */
export function pageFields(defaultMax: number, limit: number) {
  return {
    max: z.coerce.number().int().min(1).max(limit).default(defaultMax),
    cursor: z
      .string()
      .regex(/^\d{1,7}$/, "must be a cursor from a Link header")
      .transform(Number)
      .optional(),
  };
}

/**
 * The `Link: <…>; rel="next"` header when the query (run with LIMIT max + 1) found more rows than a
 * page: the same URL with the next cursor.
 */
export function pageLink(url: URL, page: { max: number; cursor?: number | undefined }, rowsFound: number): Record<string, string> {
  if (rowsFound <= page.max) return {};
  const next = new URL(url);
  next.searchParams.set("cursor", String((page.cursor ?? 0) + page.max));
  return { Link: `<${next.toString()}>; rel="next"` };
}

export { ApiError };
