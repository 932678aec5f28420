// My Webhooks (spec §2.5) on the Incoming/Outgoing Webhooks detail pages: the person's webhooks
// (name, space, URL) with Delete, and a create form. Plain forms posting to the detail page, so it
// all works without JavaScript; a failed create comes back with what was typed and each field's
// message (spec §5), and the form is re-created (emptied) only after a success. A webhook whose
// owner lost their standing in its space shows as inactive, with why (docs/decisions/010).
import { Form, useNavigation } from "@remix-run/react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import type { MyWebhooksData, WebhookFormState } from "./my-webhooks";
import { WEBHOOK_MESSAGES as M, WEBHOOK_NAME_MAX, WEBHOOK_URL_MAX, type WebhookFieldErrors } from "./webhook-form";
import * as s from "./MyWebhooks.css";

const KIND_LABEL = { incoming: "incoming", outgoing: "outgoing" } as const;

export function MyWebhooks({ data, form }: { data: MyWebhooksData; form: WebhookFormState | null }) {
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const errors: WebhookFieldErrors = form?.errors ?? {};
  const values = form?.values ?? { displayName: "", roomId: "", webhookUrl: "" };
  const outgoing = data.kind === "outgoing";
  const fieldProps = (field: keyof WebhookFieldErrors) => (errors[field] ? { "aria-invalid": true as const, "aria-describedby": `webhook-${field}-error` } : {});
  const fieldError = (field: keyof WebhookFieldErrors) =>
    errors[field] ? (
      <p id={`webhook-${field}-error`} className={s.error}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <section className={s.section} aria-labelledby="my-webhooks-title">
      <h2 id="my-webhooks-title" className={s.heading}>
        My Webhooks
      </h2>
      <div>
        <h3 className={s.subheading}>Your {KIND_LABEL[data.kind]} webhooks</h3>
        {data.itemsError ? (
          <p className={s.problem} role="alert">
            {data.itemsError}
          </p>
        ) : data.items.length === 0 ? (
          <p className={s.hint}>{M.noWebhooks}</p>
        ) : (
          <ul className={s.list}>
            {data.items.map((hook) => (
              <li key={hook.id} className={hook.status === "inactive" ? `${s.item} ${s.inactiveItem}` : s.item}>
                <div className={s.itemHead}>
                  <span className={s.name}>{hook.displayName}</span>
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="webhookId" value={hook.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="delete-webhook"
                      className={buttonStyles.secondary}
                      aria-label={`Delete ${hook.displayName}`}
                      disabled={pendingIntent === "delete-webhook" && navigation.formData?.get("webhookId") === hook.id}
                    >
                      Delete
                    </button>
                  </Form>
                </div>
                {hook.inactiveMessage ? <p className={s.problem}>{hook.inactiveMessage}</p> : null}
                <span className={s.meta}>Space: {hook.roomTitle}</span>
                <span className={s.meta}>{outgoing ? "Sends to" : "Post to"}</span>
                <code className={s.url}>{hook.webhookUrl}</code>
                {hook.signingSecret ? (
                  <details>
                    <summary className={s.meta}>Signing secret</summary>
                    <code className={s.url}>{hook.signingSecret}</code>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>

      <div>
        <h3 className={s.subheading}>Add an {KIND_LABEL[data.kind]} webhook</h3>
        {data.spacesError ? (
          <p className={s.problem} role="alert">
            {data.spacesError}
          </p>
        ) : (
          // Keyed by the list: a success (a new row) re-creates the form empty; an error keeps it.
          <Form method="post" className={s.form} noValidate key={data.items.map((h) => h.id).join()}>
            <CsrfInput />
            {form?.message ? (
              <p className={s.problem} role="alert">
                {form.message}
              </p>
            ) : Object.keys(errors).length ? (
              <p className={s.problem} role="alert">
                Check the {Object.keys(errors).length === 1 ? "field" : "fields"} marked below.
              </p>
            ) : null}
            <label htmlFor="webhook-displayName" className={s.label}>
              Webhook name
            </label>
            <input
              id="webhook-displayName"
              name="displayName"
              className={s.field}
              defaultValue={values.displayName}
              maxLength={WEBHOOK_NAME_MAX}
              autoComplete="off"
              {...fieldProps("displayName")}
            />
            {fieldError("displayName") ?? <p className={s.hint}>Letters, digits and hyphens.{outgoing ? "" : " Messages show this name."}</p>}
            <label htmlFor="webhook-roomId" className={s.label}>
              Space
            </label>
            <select id="webhook-roomId" name="roomId" className={s.field} defaultValue={values.roomId} {...fieldProps("roomId")}>
              <option value="">Choose a space</option>
              {data.spaces.map((space) => (
                <option key={space.id} value={space.id}>
                  {space.isLocked ? `${space.title} (locked)` : space.title}
                </option>
              ))}
            </select>
            {fieldError("roomId")}
            {outgoing ? (
              <>
                <label htmlFor="webhook-webhookUrl" className={s.label}>
                  Webhook URL
                </label>
                <input
                  id="webhook-webhookUrl"
                  name="webhookUrl"
                  type="url"
                  inputMode="url"
                  className={s.field}
                  defaultValue={values.webhookUrl}
                  maxLength={WEBHOOK_URL_MAX}
                  placeholder="https://"
                  autoComplete="off"
                  {...fieldProps("webhookUrl")}
                />
                {fieldError("webhookUrl") ?? <p className={s.hint}>We POST messages that mention the bot here.</p>}
              </>
            ) : null}
            <button type="submit" name="intent" value="create-webhook" className={buttonStyles.primary} disabled={pendingIntent === "create-webhook"}>
              {pendingIntent === "create-webhook" ? "Adding…" : "Add webhook"}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
