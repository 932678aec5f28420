// Reading the hub's answers with the product's own schemas and texts, never copies of their shapes:
// a change of shape breaks the soak at the type check (or here, with the field that moved), not as
// a mysterious audit failure (issue 26).
import { createCookie } from "@remix-run/cloudflare";
import { unstable_readConfig } from "wrangler";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ADD_APP_MESSAGES, ADD_APP_TITLES } from "../../app/features/add-app/messages.ts";
import { type MyWebhooksAnswer, myWebhooksAnswerSchema, type WebhookCreateAnswer, webhookCreateAnswerSchema } from "../../app/features/webhooks/webhook-form.ts";
import { FLASH_COOKIE } from "../../app/lib/cookie-names.ts";
import { type Flash, flashSchema } from "../../app/lib/flash-payload.ts";
import type { Answer, Jar } from "./http.ts";

export { ADD_APP_MESSAGES, ADD_APP_TITLES };
export { WEBHOOK_NOTICE_TITLES } from "../../app/features/webhooks/webhook-form.ts";

// The development environment's vars (wrangler.toml [env.development]): the servers the soak
// starts, or reuses, run with them.
const wranglerToml = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../wrangler.toml");
const devVars = unstable_readConfig({ config: wranglerToml, env: "development" }, { hideWarnings: true }).vars as Record<string, unknown>;
/** The key the development environment's pages label their beacons with. */
export const ANALYTICS_KEY = String(devVars.ANALYTICS_KEY ?? "");

// The flash cookie as the hub reads it (app/lib/cookies.server.ts flashCookie: Remix's signed JSON,
// HMAC with SESSION_SECRETS): a notice that does not verify is a defect too.
const flashCookie = createCookie(FLASH_COOKIE, {
  secrets: String(devVars.SESSION_SECRETS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
});

/** The notice (and install) the last redirect carried in the person's flash cookie, or null. */
export async function flashOf(jar: Jar): Promise<Flash | null> {
  const raw = jar.get(FLASH_COOKIE);
  if (!raw) return null;
  const parsed = flashSchema.safeParse(await flashCookie.parse(`${FLASH_COOKIE}=${raw}`));
  return parsed.success ? parsed.data : null;
}

/** `POST /api/webhooks` (spec §7). */
export const createAnswer = (res: Answer): WebhookCreateAnswer => webhookCreateAnswerSchema.parse(res.json());
/** `GET /api/my-webhooks` (spec §7). */
export const myWebhooksAnswer = (res: Answer): MyWebhooksAnswer => myWebhooksAnswerSchema.parse(res.json());

/** An error answer's message (app/lib/http.server.ts jsonError), or the start of its body. */
export function errorMessage(res: Answer): string {
  try {
    const body = res.json();
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") return body.message;
  } catch {
    // not JSON
  }
  return res.text().slice(0, 200);
}

export type AddOutcome = "added" | "already" | "refused" | "other";
/** What an add-to-space notice says happened (app/features/add-app/add-bot.server.ts). */
export function addOutcome(flash: Flash | null): AddOutcome {
  const notice = flash?.notice;
  if (!notice) return "other";
  if (notice.title === ADD_APP_TITLES.added) return "added";
  if (notice.message === ADD_APP_MESSAGES.conflict) return "already";
  return notice.level === "error" ? "refused" : "other";
}
