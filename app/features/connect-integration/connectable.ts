// Which catalogue apps can be connected (issue 6): published integrations with an OAuth client id.
import type { AppDetail } from "~/models/types";

export function connectableIntegration(app: Pick<AppDetail, "type" | "clientId" | "status">): { clientId: string } | null {
  return app.type === "integration" && app.clientId && app.status === "published" ? { clientId: app.clientId } : null;
}
