// Addresses of the organisation policy's pages (issue 29), shared by server and browser.
import { appPath } from "~/lib/app-paths";

export const ORG_ADMIN_PATH = "/admin/organisation";
export const requestAnchor = (id: number) => `#request-${id}`;
export const appRequestPath = (app: Parameters<typeof appPath>[0]) => `${appPath(app)}/request`;

/** "Approved for my organisation" (list pages and search): `?org=approved`, read only for a member of an approval organisation. */
export const ORG_FILTER_PARAM = "org";
export const ORG_FILTER_VALUE = "approved";

/** The organisation's audit log, a page at a time (issue 40 item 14). */
export const ORG_AUDIT_PATH = "/admin/organisation/audit";

/** A page of the audit log with its filters: each link keeps the other filter; page 1 is the bare address. */
export function auditHref(filter: { app?: string | undefined; person?: string | undefined }, page: number): string {
  const params = new URLSearchParams();
  if (filter.app) params.set("app", filter.app);
  if (filter.person) params.set("person", filter.person);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${ORG_AUDIT_PATH}?${query}` : ORG_AUDIT_PATH;
}
