// My Integrations (spec §2.1, §2.5): the connected integrations, each with its access level and a
// Disconnect form that works without JavaScript (with it, the row shows progress in place).
import { Link, useFetcher } from "@remix-run/react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import { displayImageUrl } from "~/lib/image-url";
import { MY_INTEGRATIONS_MESSAGES, type MyIntegration } from "./integration";
import * as s from "./MyIntegrationsPage.css";

const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export function MyIntegrationsPage({ productName, integrations }: { productName: string; integrations: MyIntegration[] | null }) {
  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>{`My ${productName} Integrations`}</h1>
        <p className={s.lead}>Integrations you have allowed to use your {productName} account. Disconnect one to take its access away.</p>
      </header>
      {integrations === null ? (
        <p className={s.problem} role="alert">
          {MY_INTEGRATIONS_MESSAGES.loadFailed}
        </p>
      ) : integrations.length === 0 ? (
        <p className={s.empty}>{MY_INTEGRATIONS_MESSAGES.empty}</p>
      ) : (
        <ul className={s.list} aria-label="Connected integrations">
          {integrations.map((item) => (
            <IntegrationRow key={item.clientId} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

function IntegrationRow({ item }: { item: MyIntegration }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const headingId = `integration-${item.clientId}`;
  return (
    <li className={s.row} aria-labelledby={headingId} aria-busy={busy || undefined}>
      {item.logo ? (
        <img src={displayImageUrl(item.logo)} alt="" width={48} height={48} className={s.logo} />
      ) : (
        <span className={s.logoPlaceholder} aria-hidden="true">
          {item.name.charAt(0).toUpperCase()}
        </span>
      )}
      <div className={s.details}>
        <h2 id={headingId} className={s.name}>
          {item.appPath ? <Link to={item.appPath}>{item.name}</Link> : item.name}
        </h2>
        {item.companyName ? <p className={s.meta}>{item.companyName}</p> : null}
        <p className={item.access === "full" ? s.accessFull : s.accessPartial}>
          {item.access === "full" ? "Full access to your account" : "Partial access to your account"}
        </p>
        <p className={s.meta}>Connected {dateFormat.format(new Date(item.connectedAt))}</p>
      </div>
      <fetcher.Form method="post" className={s.action}>
        <CsrfInput />
        <input type="hidden" name="clientId" value={item.clientId} />
        <input type="hidden" name="name" value={item.name} />
        <button type="submit" name="intent" value="disconnect" className={buttonStyles.secondary} disabled={busy}>
          {busy ? "Disconnecting…" : "Disconnect"}
          <span className={s.hidden}>{` ${item.name}`}</span>
        </button>
      </fetcher.Form>
    </li>
  );
}
