// An incoming webhook's secret URL (docs/platform-api.md "Incoming webhooks"; docs/decisions/010):
// POST JSON {"text": …} or {"markdown": …}, posted into the webhook's space by the Incoming
// Webhooks bot, the webhook's name in bold leading the message (issue 13). Callers are scripts, so every refusal says why in JSON.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { rateLimitFor } from "~/lib/rate-limit.server";
import { readCapped } from "~/lib/read-capped";
import { PlatformError } from "~/platform/client.server";
import { hookError, hookReply } from "./hook-response.server";
import { botClient } from "./webhook-bots.server";
import type { WebhookRow } from "./webhooks.server";
import { standingOf } from "./standing.server";
import { inactiveRefusal } from "./webhook-form";
import { formatCount } from "~/lib/format-number";

/** The platform's limit for one message's text or markdown (docs/platform-api.md "Messages"). */
export const MAX_MESSAGE_BYTES = 7439;
/** A body bigger than this is refused before it is parsed (JSON escapes can triple a message). */
const MAX_BODY_BYTES = 64 * 1024;

const bodySchema = z.object({ text: z.string().optional(), markdown: z.string().optional() }).passthrough();

/**
 * Escapes plain text for markdown so it shows exactly as typed (issue 13): characters that start
 * emphasis, code, links, HTML or mention markup (`<@…>`) are backslash-escaped anywhere, and
 * characters that start a heading, list, quote or rule only at the start of a line. Line breaks
 * stay line breaks (a backslash before the newline is markdown's hard break); blank lines stay
 * paragraph breaks.
 */
export function escapeMarkdown(text: string): string {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) =>
      line
        .replace(/[\\`*_[\]<>&~|]/g, "\\$&")
        .replace(/^(\s*)([#>+=-]|\d+(?=[.)]))/, (_, space: string, lead: string) => (/^\d/.test(lead) ? `${space}${lead}\\` : `${space}\\${lead}`)),
    );
  return lines.map((line, i) => (i < lines.length - 1 && line.trim() && lines[i + 1]!.trim() ? `${line}\\` : line)).join("\n");
}

/**
 * What the Incoming Webhooks bot posts (docs/decisions/010, issue 13): the platform's messages
 * have no sender-name field, so the webhook's name leads the message itself, in bold, as a
 * paragraph of its own; the body follows. Markdown is sent as given; text is escaped so it shows
 * literally. Always markdown.
 */
export function incomingMessage(name: string, body: { text?: string; markdown?: string }): string {
  return `${namePrefix(name)}${body.markdown ?? escapeMarkdown(body.text ?? "")}`;
}
const namePrefix = (name: string) => `**${escapeMarkdown(name).replace(/\\-/g, "-")}**\n\n`;

type Parsed = { ok: true; markdown: string } | { ok: false; message: string };

/**
 * Reads and checks a post's body: JSON, an object, a non-empty text or markdown, and the message
 * it becomes (the webhook's name, then the body) within the platform's limit: the bytes counted are
 * those actually sent.
 */
export function parseIncomingBody(raw: string, name: string): Parsed {
  if (!raw.trim()) return { ok: false, message: 'The body is empty. Send JSON such as {"text": "Hello"}.' };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, message: 'The body is not valid JSON. Send JSON such as {"text": "Hello"}.' };
  }
  const parsed = bodySchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: 'The body must be a JSON object with "text" or "markdown" as a string.' };
  const { text, markdown } = parsed.data;
  if (!text?.trim() && !markdown?.trim()) return { ok: false, message: 'Send a non-empty "text" or "markdown".' };
  // Markdown wins when both are sent (it is what the space shows).
  const field = markdown?.trim() ? "markdown" : "text";
  const message = field === "markdown" ? incomingMessage(name, { markdown }) : incomingMessage(name, { text });
  const encoder = new TextEncoder();
  const bytes = encoder.encode(message).length;
  if (bytes > MAX_MESSAGE_BYTES) {
    const room = MAX_MESSAGE_BYTES - encoder.encode(namePrefix(name)).length;
    const count = formatCount;
    return {
      ok: false,
      message:
        `The message would be ${count(bytes)} bytes with the webhook's name; a message can be at most 7,439 bytes. ` +
        `"${field}" has room for ${count(room)} bytes` +
        (field === "text" ? " (markdown characters such as * _ ` < > count twice: they are escaped so the text shows as typed)." : "."),
    };
  }
  return { ok: true, markdown: message };
}

/** A refused post as the platform said it: its status, its message and the id to quote to its support. */
export function platformRefusal(error: PlatformError): string {
  const tracking = error.trackingId ? ` (tracking id ${error.trackingId})` : "";
  return `The platform refused to post into the webhook's space: ${error.status} "${error.message}"${tracking}. The webhook's owner can check that Incoming Webhooks is still in the space and allowed there.`;
}

export async function handleIncomingPost(request: Request, context: AppLoadContext, token: string): Promise<Response> {
  const { env, db, logger } = context;
  const row = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await db.prepare("SELECT * FROM webhooks WHERE token = ? AND type = 'incoming'").bind(token).first<WebhookRow>() : null;
  if (!row) return hookError(404, "No webhook has this URL. It may have been deleted.");
  // The URL posts for its owner only while the owner still could (standing.server.ts; cached).
  const standing = await standingOf(context, row);
  if (standing.status === "inactive") return hookError(403, inactiveRefusal(standing.reason, "incoming"));

  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/([a-z0-9.+-]*\+)?json\b/i.test(type.trim())) {
    return hookError(400, "Send the body as JSON, with the header Content-Type: application/json.");
  }
  const bytes = request.body ? await readCapped(request.body, MAX_BODY_BYTES) : new Uint8Array();
  if (!bytes) return hookError(400, "The body is too large; a message can be at most 7,439 bytes.");
  const parsed = parseIncomingBody(new TextDecoder().decode(bytes), row.display_name);
  if (!parsed.ok) return hookError(400, parsed.message);

  // Per webhook, whoever posts (the Worker already limits each sender's address): the
  // RATE_LIMIT_WEBHOOK binding, 30 a minute (wrangler.toml; docs/decisions/013).
  const limited = await rateLimitFor(env, "RATE_LIMIT_WEBHOOK", row.id);
  if (limited) return limited;

  try {
    // The webhook's name travels in the message itself (the platform has no sender-name field).
    const message = await botClient(context, "incoming").sendMessage({ roomId: row.room_id, markdown: parsed.markdown });
    return hookReply(200, { id: message.id, roomId: message.roomId, created: message.created });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    logger.warn("Incoming webhook post refused", { webhookId: row.id, status: error.status, trackingId: error.trackingId });
    if (error.status === 429) {
      const after = String(error.retryAfterSeconds ?? 60);
      return hookError(429, `The platform is busy. Try again in ${after} s.`, { "Retry-After": after });
    }
    if (error.status === 403 || error.status === 404) {
      // Perhaps the standing changed within the cached minute: ask now, and say why if so.
      const now = await standingOf(context, row, { force: true });
      if (now.status === "inactive") return hookError(403, inactiveRefusal(now.reason, "incoming"));
      // Otherwise the platform's own words: its statuses carry no documented reason (issue 27).
      return hookError(409, platformRefusal(error));
    }
    return hookError(502, "The message could not be posted right now. Please try again later.");
  }
}
