// The one thing the detail page offers a visitor to do with an app (spec §2.5), decided once on the
// server (./primary-action.server.ts) and rendered by <PrimaryAction /> in the header's actions
// column. One type, so the loader and the view cannot disagree about which offer applies.
// Types only: this module ships to the browser.
import type { AddBotOffer } from "~/features/add-app/add-bot";
import type { EmbeddedAppOffer } from "~/features/embedded-app/embedded-app";
import type { MyWebhooksData } from "~/features/webhooks/my-webhooks";

export type PrimaryAction =
  /** Not published yet: nothing to add. */
  | { kind: "coming-soon" }
  /** Logged out: log in first (then back to this page). */
  | { kind: "log-in"; href: string }
  /** A published bot: add it to one of the person's spaces, or message it (app/features/add-app). */
  | { kind: "add-bot"; offer: AddBotOffer }
  /** A published integration with a connect URL: the vendor's own start page, through ./connect. */
  | { kind: "connect"; href: string }
  /** A published integration without one: the vendor's website is the way (issue 13). */
  | { kind: "connect-via-website"; websiteUrl: string | null }
  /** A published embedded app: how to open it, or why the person cannot (spec §5). */
  | { kind: "embedded-app"; offer: EmbeddedAppOffer }
  /**
   * The hub's own Incoming/Outgoing Webhooks apps: My Webhooks, shown under the header by their own
   * routes (app/features/app-detail/WebhookAppPage.tsx), so its code loads only there.
   */
  | { kind: "webhooks"; data: MyWebhooksData }
  /** Logged in, and nothing this hub can do with the app (a skill, a service app, ...). */
  | { kind: "none" };
