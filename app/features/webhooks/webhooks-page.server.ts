// The Incoming/Outgoing Webhooks detail page's server side: its data (spaces and webhooks, spec
// §5) and its two form intents, create and delete (Post/Redirect/Get with a notice on success; a
// failed create answers 400 with the typed values and messages so the page shows them).
import { data, type ActionFunctionArgs, type AppLoadContext } from "@remix-run/cloudflare";
import { endSessionOn401, requireAuth, type Auth } from "~/auth/session.server";
import type { SpaceOption } from "~/features/add-app/add-bot";
import { spacesOrProblem } from "~/features/add-app/add-bot.server";
import type { Notice } from "~/components/notice";
import { redirectWithNotice } from "~/lib/flash.server";
import type { MyWebhooksData, WebhookFormState } from "./my-webhooks";
import { isReviewIntent, reviewsAction } from "~/features/reviews/reviews-action.server";
import { validateWebhookInput, WEBHOOK_APP_KIND, WEBHOOK_MESSAGES as M, WEBHOOK_NOTICE_TITLES, type WebhookKind } from "./webhook-form";
import { createWebhook, deleteWebhook, listWebhookRows, webhookView } from "./webhooks.server";
import { recordOwnerSeen, settleStandingsForOwner } from "./standing.server";
import { ROOMS_MAX } from "~/features/add-app/messages";
import type { InstallEvent } from "~/features/analytics/events";
import { installOf } from "~/features/analytics/install";
import { webhookPolicyRefusal } from "~/features/org-policy/access.server";

/**
 * Spec §9 "installs" for a webhook just created: the webhook app's catalogue record (its id, as
 * AppHub_appView reports it), read only after a create succeeded. Without the record (a catalogue
 * that lacks the app) nothing is reported: an install of no known app counts for nothing.
 */
async function webhookInstall(context: AppLoadContext, kind: WebhookKind): Promise<InstallEvent | undefined> {
  const key = Object.keys(WEBHOOK_APP_KIND).find((friendlyId) => WEBHOOK_APP_KIND[friendlyId] === kind);
  const app = key ? await context.catalogue.app(key).catch(() => null) : null;
  return app ? installOf(app, "webhook") : undefined;
}

type WebhookSpaces = {
  spaces: SpaceOption[];
  spacesError: string | null;
  /** Every group space the person is in, when the list is complete (else null). */
  memberOf: ReadonlySet<string> | null;
};

/**
 * The spaces a webhook can work in: group spaces (nobody, the hub's bots included, can be added to
 * a direct space), most recently active first (spec §7), without locked ones the person does not
 * moderate (only moderators add apps there, spec §6). The rooms list does not say who moderates;
 * the person's own memberships do, in one more call. If that call fails, locked spaces stay in
 * the list, marked "(locked)", and the server's refusal explains.
 */
export async function webhookSpaces(request: Request, context: AppLoadContext, auth: Auth): Promise<WebhookSpaces> {
  const listed = await spacesOrProblem(request, context, auth, "group");
  // Spec §7 lists at most 500 spaces: a longer membership may be cut short, so it proves nothing.
  const memberOf = listed.spacesError || listed.spaces.length >= ROOMS_MAX ? null : new Set(listed.spaces.map((space) => space.id));
  if (listed.spacesError || !listed.spaces.some((space) => space.isLocked)) return { ...listed, memberOf };
  try {
    // Every page: a person in more spaces than one page holds would lose locked spaces they moderate.
    const items = await context.platform.forPerson(auth).listAllMemberships({ max: MEMBERSHIPS_MAX });
    // The list without roomId is read as the person's own memberships, but the platform documents
    // it as the memberships of the rooms they belong to: only their own row says they moderate.
    const moderated = new Set(items.filter((m) => m.isModerator && m.personId === auth.user.id).map((m) => m.roomId));
    return { ...listed, memberOf, spaces: listed.spaces.filter((space) => !space.isLocked || moderated.has(space.id)) };
  } catch (error) {
    const expired = await endSessionOn401(request, context, error);
    if (expired) throw expired;
    context.logger.warn("Unable to fetch memberships for the webhook form", { error: String(error) });
    return { ...listed, memberOf };
  }
}
const MEMBERSHIPS_MAX = 1000;

/**
 * The page's data. The person's own space list (just fetched with their token) also settles their
 * webhooks' standing: a webhook whose space is not in it shows inactive at once, and a webhook that
 * was inactive for a reason the page disproves is checked again (standing.server.ts).
 */
export async function myWebhooksData(request: Request, context: AppLoadContext, auth: Auth, kind: WebhookKind): Promise<MyWebhooksData> {
  const origin = new URL(request.url).origin;
  const [{ spaces, spacesError, memberOf }, rows] = await Promise.all([
    webhookSpaces(request, context, auth),
    listWebhookRows(context.db, auth.user.userId, kind).then(
      (list) => ({ list, error: null }),
      (error: unknown) => {
        context.logger.error("Unable to fetch webhooks", { error: String(error) });
        return { list: [], error: M.listFailed };
      },
    ),
  ]);
  let items = rows.list;
  if (items.length && !spacesError) {
    try {
      // Their token just worked: their grant stands, and we keep the token for later checks.
      await recordOwnerSeen(context, { userId: auth.user.userId, personId: auth.user.id, tokens: auth.tokens });
      await settleStandingsForOwner(context, items, memberOf);
      items = await listWebhookRows(context.db, auth.user.userId, kind);
    } catch (error) {
      // The list still shows, with the standing as last checked.
      context.logger.error("Unable to check the webhooks' standing", { error: String(error) });
    }
  }
  return { kind, spaces, spacesError, items: items.map((row) => webhookView(row, origin)), itemsError: rows.error };
}

/**
 * The Incoming/Outgoing Webhooks pages' action, which their routes call directly: the kind is the
 * route's, so nothing is looked up or worked out again.
 */
export async function webhookPageAction({ request, context }: ActionFunctionArgs, kind: WebhookKind) {
  const auth = await requireAuth(request, context);
  const form = await request.formData();
  // Reviews and reports of the webhook apps themselves (issue 15), as on every app's page.
  if (isReviewIntent(form.get("intent"))) {
    const key = Object.keys(WEBHOOK_APP_KIND).find((friendlyId) => WEBHOOK_APP_KIND[friendlyId] === kind) ?? "";
    const app = await context.catalogue.app(key);
    const answer = app ? await reviewsAction(request, context, auth, app, form) : null;
    if (answer) return answer;
  }
  return webhooksAction(request, context, auth, kind, form);
}

/** Handles the page's create-webhook and delete-webhook intents. */
export async function webhooksAction(request: Request, context: AppLoadContext, auth: Auth, kind: WebhookKind, form: FormData) {
  const url = new URL(request.url);
  const back = url.pathname;
  const done = (notice: Notice, install?: InstallEvent) => redirectWithNotice(request, context, back, notice, { install });
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.slice(0, 4000) : "";
  };
  try {
    if (form.get("intent") === "delete-webhook") {
      const result = await deleteWebhook(context, auth, kind, field("webhookId"), url.origin);
      if (!result.ok) return done({ title: result.status === 404 ? "Not found" : "Not deleted", message: result.message, level: "error" });
      return done({ title: WEBHOOK_NOTICE_TITLES.deleted, message: M.deleted(result.webhook.displayName), level: "success" });
    }
    const values = { displayName: field("displayName"), roomId: field("roomId"), webhookUrl: field("webhookUrl") };
    const fail = (state: Omit<WebhookFormState, "values">, status = 400) => data({ webhookForm: { values, ...state } }, { status });
    const input = validateWebhookInput(kind, values);
    if (!input.ok) return fail({ errors: input.errors, message: null });
    // The person's organisation may require approval for the webhook app (issue 29).
    const refusal = await webhookPolicyRefusal(context, auth, kind);
    if (refusal) return fail({ errors: {}, message: refusal.message }, 403);
    const result = await createWebhook(context, auth, kind, input.value, url.origin);
    if (!result.ok) return fail({ errors: result.errors, message: result.message ?? null }, result.status >= 500 ? 502 : 400);
    return done(
      { title: WEBHOOK_NOTICE_TITLES.added, message: M.created(result.webhook.displayName, result.webhook.roomTitle), level: "success" },
      await webhookInstall(context, kind),
    );
  } catch (error) {
    const expired = await endSessionOn401(request, context, error);
    if (expired) throw expired;
    throw error;
  }
}
