// /admin/organisation/audit (issue 40 item 14; docs/decisions/035): the organisation's audit log a
// page at a time, newest first, for one app and/or by one person. Filters and the page are GET
// parameters (the page reads nothing else and changes nothing), validated with zod: what is not
// understood is left out and said, never an error page. Paged with app/lib/pagination.ts as the
// other paged lists are; past the last page is not found (decision 013). Only the organisation's
// own admins, confirmed with the platform (./access.server.ts), as on the admin page.
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { appPath } from "~/lib/app-paths";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { notFound } from "~/lib/http.server";
import { lazySchema } from "~/lib/lazy-schema";
import { pageWindow, parsePageParam } from "~/lib/pagination";
import { requireOrgAdmin } from "./access.server";
import { auditAppIds, auditLine, type AuditLookups } from "./audit-view.server";
import { ORG_AUDIT_PATH, auditHref } from "./paths";
import { auditFilterChoices, HUB_ACTOR, readAuditPage, type AuditEntry, type AuditFilter } from "./store.server";

/** Entries a page: as many as the review queue shows of its latest decisions. */
export const AUDIT_PAGE_SIZE = 20;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the check
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// An app id or a person as the log stores them: bounded, no control characters. Anything else
// cannot be in the log, so it is left out rather than searched for.
const filterValue = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !CONTROL.test(v));
const appParam = lazySchema(() => filterValue(200));
const personParam = lazySchema(() => filterValue(254));

/** The filters and page an address asks for, and the names of the parameters it did not understand. */
export function auditQuery(url: URL): { filter: AuditFilter; page: number; notUnderstood: string[] } {
  const notUnderstood: string[] = [];
  const read = (name: string, schema: { safeParse: (v: unknown) => { success: true; data: string } | { success: false } }) => {
    const raw = url.searchParams.get(name);
    if (raw === null || raw === "") return undefined;
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    notUnderstood.push(name);
    return undefined;
  };
  const filter = { app: read("app", appParam), person: read("person", personParam) };
  const rawPage = url.searchParams.get("page");
  const page = parsePageParam(rawPage);
  if (page === null) notUnderstood.push("page");
  return { filter, page: page ?? 1, notUnderstood };
}

/** The latest entries, for the admin page (the first page of the unfiltered log). */
export async function latestAuditEntries(context: LoaderFunctionArgs["context"], orgId: string): Promise<AuditEntry[]> {
  return readAuditPage(context.db, orgId, {}, { offset: 0, limit: AUDIT_PAGE_SIZE });
}

export async function orgAuditLoader({ request, context }: LoaderFunctionArgs) {
  const { orgId } = await requireOrgAdmin(request, context);
  const { filter, page, notUnderstood } = auditQuery(new URL(request.url));
  // One page (from = page), not the cumulative window of "Load more": the links page back and forth.
  const window = pageWindow(page, page, AUDIT_PAGE_SIZE);
  // One entry more than the page says whether there is an older page, without counting the log.
  const [rows, choices] = await Promise.all([readAuditPage(context.db, orgId, filter, { offset: window.offset, limit: window.limit + 1 }), auditFilterChoices(context.db, orgId)]);
  if (page > 1 && rows.length === 0) throw await notFound(request, context);
  const entries = rows.slice(0, AUDIT_PAGE_SIZE);

  const appIds = [...new Set([...auditAppIds(entries), ...choices.apps.map((a) => a.appId), ...(filter.app ? [filter.app] : [])])];
  const listed = new Map((await Promise.all(appIds.map((id) => context.catalogue.app(id)))).flatMap((a) => (a ? [[a.id, a] as const] : [])));
  const lookups: AuditLookups = {
    app: (appId) => {
      const app = listed.get(appId);
      return app ? { name: app.name, path: appPath(app) } : null;
    },
    // Rows name their request's app since the log kept it; older ones say "A request".
    request: () => null,
  };
  const lines = entries.map((entry) => auditLine(entry, lookups));

  // The filters' choices: the organisation's lists, the rows on this page, and the filter asked for.
  const appNames = new Map<string, string>();
  for (const a of choices.apps) appNames.set(a.appId, listed.get(a.appId)?.name ?? a.appName ?? appNames.get(a.appId) ?? "An app no longer in the App Hub");
  for (const id of auditAppIds(entries)) if (!appNames.has(id)) appNames.set(id, listed.get(id)?.name ?? "An app no longer in the App Hub");
  if (filter.app && !appNames.has(filter.app)) appNames.set(filter.app, listed.get(filter.app)?.name ?? filter.app);
  const people = new Map<string, string>();
  for (const p of choices.people) people.set(p.email, p.name);
  people.set(HUB_ACTOR.email, HUB_ACTOR.name);
  for (const e of entries) if (!people.has(e.actor)) people.set(e.actor, e.actor_name ?? "");
  if (filter.person && !people.has(filter.person)) people.set(filter.person, "");

  const link = (p: number) => auditHref(filter, p);
  return data(
    {
      lines,
      filter: { app: filter.app ?? "", person: filter.person ?? "", appName: filter.app ? (appNames.get(filter.app) ?? filter.app) : null },
      choices: {
        apps: [...appNames].map(([appId, name]) => ({ appId, name })).sort((a, b) => a.name.localeCompare(b.name)),
        people: [...people].map(([email, name]) => ({ email, name })).sort((a, b) => a.email.localeCompare(b.email)),
      },
      notUnderstood,
      page,
      pageSize: AUDIT_PAGE_SIZE,
      first: window.offset + 1,
      last: window.offset + entries.length,
      newer: page > 1 ? link(page - 1) : null,
      older: rows.length > AUDIT_PAGE_SIZE ? link(page + 1) : null,
      clear: filter.app || filter.person ? ORG_AUDIT_PATH : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export type OrgAuditData = Awaited<ReturnType<typeof orgAuditLoader>>["data"];
