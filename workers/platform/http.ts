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

/** The JSON body parsed with a schema; anything else is a 400 a person can act on. */
export async function parseJsonBody<T extends z.ZodTypeAny>(c: Ctx, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await c.request.json();
  } catch {
    throw badRequest("The request body must be valid JSON.");
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

export { ApiError };
