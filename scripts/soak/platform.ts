// The audit reads the platform's own API, as the app itself would (docs/decisions/014): read tokens
// for the demo people through the hub's own OAuth client (consent + code exchange with PKCE).
import { createHash, randomBytes } from "node:crypto";
import { HUB_CLIENT_ID, HUB_CLIENT_SECRET } from "../../workers/platform/demo-data.ts";
import { settings } from "./options.ts";
import { retryAfterMs, sleep } from "./util.ts";

const { app: APP, platform: PLATFORM } = settings;

export async function platformToken(email: string, scope = "spark:people_read spark:rooms_read spark:memberships_read spark:messages_read"): Promise<string> {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const redirectUri = `${APP}/auth/callback`;
  const form = new URLSearchParams({
    client_id: HUB_CLIENT_ID,
    response_type: "code",
    redirect_uri: redirectUri,
    scope,
    state: "soak-audit",
    code_challenge: challenge,
    code_challenge_method: "S256",
    decision: "accept",
    email,
  });
  const consent = await fetch(`${PLATFORM}/v1/authorize`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form });
  const location = consent.headers.get("Location");
  const code = location ? new URL(location).searchParams.get("code") : null;
  if (!code) throw new Error(`audit: consent for ${email} answered ${consent.status}`);
  const res = await fetch(`${PLATFORM}/v1/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: HUB_CLIENT_ID,
      client_secret: HUB_CLIENT_SECRET,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  if (!res.ok) throw new Error(`audit: token for ${email} answered ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A platform list answer's page, with the next page's address (RFC 5988 Link), if any. */
async function platformPage<T>(token: string, pathOrUrl: string): Promise<{ items: T[]; next: string | null }> {
  const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${PLATFORM}${pathOrUrl}`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(settings.timeoutMs) });
    if (res.status === 429) {
      await sleep(retryAfterMs(res.headers.get("Retry-After")) ?? 2000);
      continue;
    }
    if (!res.ok) throw new Error(`audit: GET ${url.replace(PLATFORM, "")} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("Link") ?? "")?.[1] ?? null;
    return { items: ((await res.json()) as { items: T[] }).items, next };
  }
  throw new Error(`audit: GET ${url} rate limited five times`);
}

/** Every item of a platform list, following its Link pages. */
export async function platformList<T>(token: string, pathAndQuery: string): Promise<T[]> {
  const out: T[] = [];
  for (let next: string | null = pathAndQuery; next; ) {
    const page: { items: T[]; next: string | null } = await platformPage<T>(token, next);
    out.push(...page.items);
    next = page.next;
  }
  return out;
}

export type PlatformMessage = { id: string; roomId: string; text?: string; markdown?: string; personEmail?: string; created: string };

/** Every message of a space, newest first, page by page (GET /v1/messages?beforeMessage=). */
export async function allMessages(token: string, roomId: string): Promise<PlatformMessage[]> {
  const out: PlatformMessage[] = [];
  let before: string | null = null;
  for (;;) {
    const page: { items: PlatformMessage[]; next: string | null } = await platformPage<PlatformMessage>(
      token,
      `/v1/messages?roomId=${encodeURIComponent(roomId)}&max=1000${before ? `&beforeMessage=${encodeURIComponent(before)}` : ""}`,
    );
    out.push(...page.items);
    const last: PlatformMessage | undefined = page.items[page.items.length - 1];
    if (page.items.length < 1000 || !last) return out;
    before = last.id;
  }
}
