// Addresses of the organisation policy's pages (issue 29), shared by server and browser.
import { appPath } from "~/lib/app-paths";

export const ORG_ADMIN_PATH = "/admin/organisation";
export const requestAnchor = (id: number) => `#request-${id}`;
export const appRequestPath = (app: Parameters<typeof appPath>[0]) => `${appPath(app)}/request`;

/** "Approved for my organisation" (list pages and search): `?org=approved`, read only for a member of an approval organisation. */
export const ORG_FILTER_PARAM = "org";
export const ORG_FILTER_VALUE = "approved";
