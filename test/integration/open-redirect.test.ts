// Issue 12 item 1: no redirect of ours takes the browser to another origin — /logout?last= (logged in
// and out), /auth?last= (logged in), a login's way back, the session-expired redirect on a stale
// cookie (which used the raw request path), and the /preferences/* forms' returnTo.
import { describe, expect, it } from "vitest";
import { USERS } from "../../workers/platform/demo-data.ts";
import { page as parse } from "./html.ts";
import { Jar, logIn, postForm, startWorld, useWorld, visit } from "./login.ts";

/** The reported forms (issue 12), as they appear in the address. */
const HOSTILE_LAST = [
  "/.//evil.example/x",
  "/..//evil.example/x",
  "/%2e//evil.example",
  "/a/..//evil.example",
  "//evil.example/x",
  "/%252e//evil.example",
  "/%5c/evil.example",
  "/%09/evil.example",
];
/** Request paths a stale-cookie visitor may open (the URL parser already resolves dot segments). */
const HOSTILE_PATHS = ["//evil.example/x", "/.//evil.example/x", "/%2e//evil.example", "/a/..//evil.example", "///evil.example/x"];

const world = useWorld(() => startWorld());

const riley = USERS.riley;

async function loggedIn(): Promise<Jar> {
  const jar = new Jar();
  expect((await logIn(world, jar, riley.email)).status).toBe(302);
  return jar;
}

/** What a browser on our site does with the Location: it must stay on our origin. */
function expectSameOrigin(res: Response, expected = "/") {
  expect(res.status).toBe(302);
  const location = res.headers.get("Location")!;
  expect(location).toBe(expected);
  expect(new URL(location, world.app.origin).origin).toBe(world.app.origin);
}

describe("/logout?last=", () => {
  it.each(HOSTILE_LAST)("logged out: %s → /", async (last) => {
    expectSameOrigin(await world.app.fetch(`/logout?last=${last}`, { headers: { "Sec-Fetch-Site": "none" } }));
  });

  it.each(HOSTILE_LAST)("logged out, started by another site: %s → /", async (last) => {
    expectSameOrigin(await world.app.fetch(`/logout?last=${last}`, { headers: { "Sec-Fetch-Site": "cross-site" } }));
  });

  it.each(HOSTILE_LAST)("logged in: %s → / (and the session ends)", async (last) => {
    const jar = await loggedIn();
    expectSameOrigin(await visit(world, jar, `/logout?last=${last}`, { headers: { "Sec-Fetch-Site": "same-origin" } }));
    expect(jar.get("__session")).toBeUndefined();
  });

  it.each(HOSTILE_LAST)("logged in, confirmed with the form: %s → /", async (last) => {
    const jar = await loggedIn();
    const page = await visit(world, jar, `/logout?last=${last}`, { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(page.status).toBe(200);
    // The confirmation page's way back (its hidden field and its "Stay logged in" link) is / too.
    const confirm = parse(await page.text());
    expect(confirm.forms().map((f) => f.fields.last)).toContain("/");
    expect(confirm.link("Stay logged in")?.getAttribute("href")).toBe("/");
    expectSameOrigin(await postForm(world, jar, "/logout", { last: decodeURIComponent(last) }));
  });

  it("still returns to a same-site page", async () => {
    const jar = await loggedIn();
    expectSameOrigin(await visit(world, jar, "/logout?last=%2Fbots%3Fx%3D1", { headers: { "Sec-Fetch-Site": "same-origin" } }), "/bots?x=1");
  });
});

describe("/auth?last=", () => {
  it.each(HOSTILE_LAST)("logged in: %s → /", async (last) => {
    const jar = await loggedIn();
    expectSameOrigin(await visit(world, jar, `/auth?last=${last}`));
  });

  it.each(HOSTILE_LAST)("logged out: the login comes back to / for %s", async (last) => {
    expectSameOrigin(await logIn(world, new Jar(), riley.email, decodeURIComponent(last)));
  });
});

describe("the session-expired redirect", () => {
  it.each(HOSTILE_PATHS)("with a stale session cookie, GET %s → / with 'You were logged out.'", async (path) => {
    const jar = await loggedIn();
    // The KV entry is gone (expired or deleted); the browser still sends the cookie.
    const { keys } = await world.app.kv.list();
    for (const { name } of keys) if (!name.endsWith("-version")) await world.app.kv.delete(name);
    expectSameOrigin(await visit(world, jar, path));
    expect(jar.get("__session")).toBeUndefined();
    expect(await (await visit(world, jar, "/")).text()).toContain("You were logged out.");
  });

  it("still sends a person back to the page they were on", async () => {
    const jar = await loggedIn();
    const { keys } = await world.app.kv.list();
    for (const { name } of keys) if (!name.endsWith("-version")) await world.app.kv.delete(name);
    expectSameOrigin(await visit(world, jar, "/bots?sort=a-z"), "/bots?sort=a-z");
  });
});

describe("/preferences/* returnTo", () => {
  // Browsers drop tabs from a Location before resolving it: "/\t/evil" becomes "//evil".
  const forms: [string, Record<string, string>, string][] = [
    ["/preferences/test-environment-bar", {}, "/"],
    ["/preferences/announcement", { time: "2025-03-10T09:00:00.000Z" }, "/"],
    ["/preferences/modal", { modalId: "welcome", time: "2025-03-10T09:00:00.000Z" }, "/"],
    ["/preferences/analytics-consent", { consent: "true" }, "/preferences/analytics-consent"],
  ];
  const returns = ["/\t/evil.example", "/.//evil.example", "//evil.example", "/\\evil.example"];
  it.each(forms.flatMap(([path, fields, fallback]) => returns.map((returnTo) => [path, returnTo, fields, fallback] as const)))(
    "%s with returnTo %j stays on our site",
    async (path, returnTo, fields, fallback) => {
      const res = await postForm(world, new Jar(), path, { ...fields, returnTo });
      expectSameOrigin(res, fallback);
    },
  );

  it.each(forms)("%s still returns to the page it was posted from", async (path, fields) => {
    expectSameOrigin(await postForm(world, new Jar(), path, { ...fields, returnTo: "/bots?page=2" }), "/bots?page=2");
  });
});
