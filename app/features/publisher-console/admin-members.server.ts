// /admin/publisher-members (issue 30 item 1): hub admins link people, by their platform e-mail, to a
// publisher (a member at once, no invitation to accept) and unlink them. Hub admins only (everyone
// else gets the not-found page); never cached; plain forms, Post/Redirect/Get; every change is in
// the audit log (./members.server.ts).
import { storedActor } from "~/lib/actor";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireHubAdmin } from "~/features/moderation/require-hub-admin.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { redirectWithNotice } from "~/lib/flash.server";
import type { Db } from "~/models/db.server";
import { emailField } from "./console.server";
import { actorOf, addMember, MAX_MEMBERS, normaliseEmail, type PublisherMember, removeMember, revokedTokensNote } from "./members.server";

export const ADMIN_MEMBERS_PATH = "/admin/publisher-members";

type Row = {
  publisher_slug: string;
  email: string;
  state: PublisherMember["state"];
  added_by: string;
  added_by_name: string | null;
  added_at: string;
  expires_at: string | null;
  name: string;
};

/** Every publisher's members and invitations, by publisher and e-mail (a hub's worth: hundreds at most). */
async function allMembers(db: Db) {
  const { results } = await db
    .prepare("SELECT publisher_slug, email, state, added_by, added_by_name, added_at, expires_at, name FROM publisher_members ORDER BY publisher_slug, state, email LIMIT 2000")
    .all<Row>();
  return results.map((r) => ({
    publisherSlug: r.publisher_slug,
    email: r.email,
    state: r.state,
    addedBy: storedActor(r.added_by, { name: r.added_by_name }),
    addedAt: r.added_at,
    expiresAt: r.expires_at,
    name: r.name,
  }));
}

export type AdminMembersForm = { values: { publisher: string; email: string }; errors: { publisher?: string; email?: string } };

async function pageData(context: LoaderFunctionArgs["context"], form: AdminMembersForm | null) {
  const [publishers, members] = await Promise.all([context.catalogue.publishers(), allMembers(context.db)]);
  return { publishers, members, now: new Date().toISOString(), form };
}
export type AdminMembersData = Awaited<ReturnType<typeof pageData>>;

export async function adminMembersLoader({ request, context }: LoaderFunctionArgs) {
  await requireHubAdmin(request, context);
  return data(await pageData(context, null), { headers: PRIVATE_HEADERS });
}

const linkForm = z.object({ intent: z.literal("link"), publisher: z.string().min(1, "Choose the publisher."), email: emailField });
const unlinkForm = z.object({ intent: z.literal("unlink"), publisher: z.string().min(1).max(80), email: z.string().min(1).max(254) });

export async function adminMembersAction({ request, context }: ActionFunctionArgs) {
  const auth = await requireHubAdmin(request, context);
  const by = actorOf(auth.user);
  const fields = Object.fromEntries(await request.formData());
  if (fields.intent === "unlink") {
    const parsed = unlinkForm.safeParse(fields);
    const result = parsed.success ? await removeMember(context.db, { slug: parsed.data.publisher, email: parsed.data.email, by }) : null;
    return redirectWithNotice(
      request,
      context,
      ADMIN_MEMBERS_PATH,
      result?.removed && parsed.success
        ? {
            title: "Member removed",
            message: `${normaliseEmail(parsed.data.email)} is no longer a member of ${parsed.data.publisher}.${revokedTokensNote(result.revokedTokens)}`,
            level: "success",
          }
        : { title: "Nothing changed", message: "That person is not a member of that publisher.", level: "error" },
    );
  }
  const parsed = linkForm.safeParse(fields);
  const values = { publisher: String(fields.publisher ?? ""), email: String(fields.email ?? "") };
  const refuse = async (errors: AdminMembersForm["errors"], status = 400) => data(await pageData(context, { values, errors }), { status, headers: PRIVATE_HEADERS });
  if (!parsed.success) {
    const errors: AdminMembersForm["errors"] = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      if (key === "publisher" || key === "email") errors[key] ??= issue.message;
    }
    return refuse(errors);
  }
  const publisher = await context.catalogue.publisher(parsed.data.publisher);
  if (!publisher) return refuse({ publisher: "That publisher is not in the catalogue." });
  const result = await addMember(context.db, { slug: publisher.slug, email: parsed.data.email, by, as: "link" });
  if (result === "exists") return refuse({ email: `That person is already a member of ${publisher.name}.` });
  if (result === "full") return refuse({ email: `${publisher.name} already has ${MAX_MEMBERS} members and invitations.` }, 409);
  return redirectWithNotice(request, context, ADMIN_MEMBERS_PATH, {
    title: "Member linked",
    message: `${normaliseEmail(parsed.data.email)} is a member of ${publisher.name} and finds its console under Publisher console in the account menu.`,
    level: "success",
  });
}
