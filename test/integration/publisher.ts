// The publisher API from a test: a live token for a publisher (made at /admin/publisher-tokens as a
// hub admin would) and JSON calls with it.
import { USERS } from "../../workers/platform/demo-data.ts";
import type { AppRecord } from "../../app/models/catalogue-record.ts";
import { page as parse } from "./html.ts";
import { Jar, logIn, postForm, type World } from "./login.ts";

export async function tokenFor(world: World, publisherSlug: string): Promise<string> {
  const sam = new Jar();
  await logIn(world, sam, USERS.sam.email);
  const res = await postForm(world, sam, "/admin/publisher-tokens", { intent: "create", publisher: publisherSlug, name: `test ${Date.now()}` });
  const token = parse(await res.text()).attr("#new-token", "value");
  if (!token) throw new Error(`No token was made for ${publisherSlug}`);
  return token;
}

/** POST (with a body) or GET the publisher API as `token`. */
export function publisherCall(world: World, token: string | null, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return world.app.fetch(`/api/publisher/v1${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
}

/** Listed bots of publishers other than the hub's own, as the generated catalogue has them. */
export const listedBots = (world: World) => world.app.catalogue.apps.filter((a) => a.status === "published" && !a.deprecation && a.type === "bot" && a.companyName !== "Lumen");
export const keyOf = (a: AppRecord) => a.friendlyId ?? a.id;
