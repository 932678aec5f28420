// /admin/publisher-tokens (issue 16): hub admins create a publisher's API token (shown once, on the
// answer to the post that made it: never in a cookie, a log or a redirect) and revoke tokens.
import { actorRecordOf } from "~/lib/actor";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireHubAdmin } from "~/features/moderation/require-hub-admin.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { createToken, listTokens, revokeToken, tokenLifetimeField, type PublisherToken } from "./tokens.server";

export const TOKENS_PATH = "/admin/publisher-tokens";

async function pageData(context: LoaderFunctionArgs["context"]) {
  const [publishers, tokens] = await Promise.all([context.catalogue.publishers(), listTokens(context.db)]);
  return { publishers, tokens, now: new Date().toISOString() };
}

export async function tokensLoader({ request, context }: LoaderFunctionArgs) {
  await requireHubAdmin(request, context);
  return data<TokensPageData>({ ...(await pageData(context)), created: null, form: null }, { headers: PRIVATE_HEADERS });
}

const createForm = z.object({
  intent: z.literal("create"),
  publisher: z.string().min(1, "Choose the publisher the token acts for."),
  name: z.string().trim().min(1, "Name the token, e.g. the system that will use it.").max(80, "Keep the name to 80 characters."),
  expiresInDays: tokenLifetimeField,
});
const revokeForm = z.object({ intent: z.literal("revoke"), tokenId: z.coerce.number().int().positive() });

export async function tokensAction({ request, context }: ActionFunctionArgs) {
  const auth = await requireHubAdmin(request, context);
  const by = actorRecordOf(auth.user);
  const fields = Object.fromEntries(await request.formData());
  if (fields.intent === "revoke") {
    const parsed = revokeForm.safeParse(fields);
    const revoked = parsed.success ? await revokeToken(context.db, parsed.data.tokenId, by) : null;
    return redirectWithNotice(
      request,
      context,
      TOKENS_PATH,
      revoked
        ? { title: "Token revoked", message: `“${revoked.name}” (${revoked.prefix}…) no longer works.`, level: "success" }
        : { title: "Nothing changed", message: "That token does not exist or is already revoked.", level: "error" },
    );
  }
  const parsed = createForm.safeParse(fields);
  const values = { publisher: String(fields.publisher ?? ""), name: String(fields.name ?? ""), expiresInDays: String(fields.expiresInDays ?? "") };
  const publisher = parsed.success ? await context.catalogue.publisher(parsed.data.publisher) : null;
  if (!parsed.success || !publisher) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    if (parsed.success) errors.publisher = "That publisher is not in the catalogue.";
    return data<TokensPageData>({ ...(await pageData(context)), created: null, form: { values, errors } }, { status: 400, headers: PRIVATE_HEADERS });
  }
  // A hub admin's token is no member's (memberEmail null): no member's removal ends it, its expiry does.
  const { secret, token } = await createToken(context.db, { publisherSlug: publisher.slug, name: parsed.data.name, createdBy: by, expiresInDays: parsed.data.expiresInDays });
  // The one time the secret is shown: this answer only (never stored by anyone: private, no-store).
  return data<TokensPageData>({ ...(await pageData(context)), created: { secret, token, publisherName: publisher.name }, form: null }, { headers: PRIVATE_HEADERS });
}

export type TokensPageData = {
  publishers: { slug: string; name: string }[];
  tokens: PublisherToken[];
  /** The server's time of the answer: which tokens have expired is said by it, not the browser's clock. */
  now: string;
  /** The token the post just made: its secret, shown this once. */
  created: { secret: string; token: PublisherToken; publisherName: string } | null;
  /** A refused create: what was typed and what to fix. */
  form: { values: Record<string, string>; errors: Record<string, string> } | null;
};
