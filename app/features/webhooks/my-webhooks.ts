// What the Incoming/Outgoing Webhooks detail page needs (spec §5: webhook apps load the person's
// rooms and webhooks when logged in), and what a failed create sends back so nothing typed is lost.
import type { SpaceOption } from "~/features/add-app/add-bot";
import type { WebhookFieldErrors, WebhookKind, WebhookView } from "./webhook-form";

export type MyWebhooksData = {
  kind: WebhookKind;
  spaces: SpaceOption[];
  spacesError: string | null;
  items: WebhookView[];
  itemsError: string | null;
};

export type WebhookFormState = {
  values: { displayName: string; roomId: string; webhookUrl: string };
  errors: WebhookFieldErrors;
  /** A failure that is not one field's (the platform refused, a space is locked). */
  message: string | null;
};
