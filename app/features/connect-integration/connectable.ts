// Which catalogue apps can be connected from App Hub (issues 6, 13): published integrations with an
// OAuth client id and a connect URL (the vendor's own start page). Without a connect URL the vendor's
// website is the way: the page says so instead of offering Connect.
import type { AppDetail } from "~/models/types";

export function connectableIntegration(app: Pick<AppDetail, "type" | "clientId" | "status" | "connectUrl">): { clientId: string; connectUrl: string } | null {
  return app.type === "integration" && app.clientId && app.connectUrl && app.status === "published" ? { clientId: app.clientId, connectUrl: app.connectUrl } : null;
}
