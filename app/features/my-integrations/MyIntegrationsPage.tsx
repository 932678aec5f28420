// My Integrations (spec §2.1, §2.5; issue 13): the person's integrations as the hub honestly knows
// them. First-party: the platform's grants, each with a Disconnect form. Third-party: the ones
// connected through App Hub, from our records, with a link to the platform's own page (where access
// is managed) and "Remove from this list", which forgets only our record. An integration that now
// asks for more than at its Connect here carries a notice (./MoreAccessNotice.tsx). Forms work
// without JavaScript; with it, the row shows progress in place.
import { Link, useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import { displayImageUrl } from "~/lib/image-url";
import { MY_INTEGRATIONS_MESSAGES as M, type MyIntegration, type MyIntegrationsView } from "./integration";
import { MoreAccessNotice } from "./MoreAccessNotice";
import * as s from "./MyIntegrationsPage.css";

/** `children`: sections after the integrations (the apps the person follows, issue 16). */
export function MyIntegrationsPage({ productName, view, children = null }: { productName: string; view: MyIntegrationsView | null; children?: ReactNode }) {
  const firstParty = view?.mode === "first-party";
  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>{`My ${productName} Integrations`}</h1>
        <p className={s.lead}>{firstParty ? M.leadFirstParty(productName) : M.leadThirdParty(productName)}</p>
        {view && !firstParty ? (
          <p className={s.lead}>
            <a href={view.manageUrl} rel="noopener">
              {M.manageLink(productName)}
            </a>
          </p>
        ) : null}
      </header>
      {view === null ? (
        <p className={s.problem} role="alert">
          {M.loadFailed}
        </p>
      ) : view.items.length === 0 ? (
        <p className={s.empty}>{M.empty}</p>
      ) : (
        <ul className={s.list} aria-label="Your integrations">
          {view.items.map((item) => (
            <IntegrationRow key={item.clientId} item={item} firstParty={firstParty} productName={productName} manageUrl={view.manageUrl} />
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}

function IntegrationRow({ item, firstParty, productName, manageUrl }: { item: MyIntegration; firstParty: boolean; productName: string; manageUrl: string }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const headingId = `integration-${item.clientId}`;
  const stateText = item.state === "connected" && item.connectedAt ? M.connectedOn(item.connectedAt) : item.startedAt ? M.startedOn(item.startedAt) : null;
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
        {stateText ? <p className={item.state === "connected" ? s.stateConnected : s.stateStarted}>{stateText}</p> : null}
      </div>
      {/* First-party with a "more access" notice: the notice's Disconnect is the row's (not two). */}
      <fetcher.Form method="post" className={s.action} hidden={(firstParty && item.moreAccess !== null) || undefined}>
        <CsrfInput />
        <input type="hidden" name="clientId" value={item.clientId} />
        <input type="hidden" name="name" value={item.name} />
        {firstParty ? (
          <button type="submit" name="intent" value="disconnect" className={buttonStyles.secondary} disabled={busy}>
            {busy ? "Disconnecting…" : "Disconnect"}
            <span className={s.hidden}>{` ${item.name}`}</span>
          </button>
        ) : (
          <button type="submit" name="intent" value="forget" className={buttonStyles.secondary} disabled={busy}>
            {/* One wrapper: the button is a flex box, and a hidden name between two loose texts made
                each a flex item (a double gap). The name stays in the accessible name (label in name). */}
            <span>
              {busy ? "Removing…" : "Remove"}
              <span className={s.hidden}>{` ${item.name}`}</span>
              {busy ? null : " from this list"}
            </span>
          </button>
        )}
      </fetcher.Form>
      {item.moreAccess ? (
        <MoreAccessNotice
          clientId={item.clientId}
          name={item.name}
          moreAccess={item.moreAccess}
          productName={productName}
          manageUrl={manageUrl}
          fetcher={firstParty ? fetcher : null}
        />
      ) : null}
    </li>
  );
}
