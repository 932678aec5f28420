// Spec §9 "installs": what the server records about an install it completed, for the next page to
// report once (app/lib/flash.server.ts carries it; <Analytics /> sends it with trackInstall).
import type { InstallEvent } from "./events";

/** The app type is lowercased for analytics (spec §3), as in AppHub_appView. */
export const installOf = (app: { id: string; type: string; name: string }, via: InstallEvent["via"]): InstallEvent => ({
  id: crypto.randomUUID(),
  appId: app.id,
  appType: app.type.toLowerCase(),
  appName: app.name,
  via,
});
