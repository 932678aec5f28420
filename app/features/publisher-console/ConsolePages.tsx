// The publisher console's views (./console.server.ts): the person's publishers and invitations, the
// console's frame (title, switcher, tabs), and its pages: apps and drafts, submissions, members and
// API tokens. Plain forms with the CSRF token, so everything works without JavaScript.
import { ActorName } from "~/components/Actor";
import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import { InputField, SubmitRow } from "~/components/FormFields";
import { formatDate } from "~/lib/format-date";
import { FRESHNESS_LABELS } from "~/models/freshness";
import { CreatedToken, TokenLifetimeField, TokenList } from "~/features/publisher-api/TokenList";
import { visuallyHidden } from "../../../styles/global.css";
import type { ConsoleAppsData, ConsoleIndexData, ConsoleLayoutData, ConsoleMembersData, ConsoleSubmissionsData, ConsoleTokensData, SubmissionView } from "./console.server";
import { consolePath } from "./paths";
import * as s from "./PublisherConsole.css";

export const KIND_LABELS = { draft: "New app", listing: "Listing change", version: "New version" } as const;

export function ConsoleIndexPage({ data }: { data: ConsoleIndexData }) {
  const active = data.memberships.filter((m) => m.state === "active");
  const invited = data.memberships.filter((m) => m.state === "invited");
  return (
    <article className={s.page} aria-labelledby="console-title">
      <h1 id="console-title" className={s.title}>
        Publisher console
      </h1>
      <p className={s.lead}>Publishers' members submit apps, versions and listing changes here, follow their review and manage their API tokens.</p>
      {invited.length > 0 ? (
        <section aria-labelledby="invitations-title" className={s.section}>
          <h2 id="invitations-title" className={s.sectionTitle}>
            Invitations
          </h2>
          <ul className={s.items}>
            {invited.map((m) => (
              <li key={m.slug} className={s.item}>
                <p className={s.itemHead}>{m.name}</p>
                <p className={s.muted}>You were invited to join this publisher{m.expiresAt ? `; the invitation is open until ${formatDate(m.expiresAt)}` : ""}.</p>
                <Form method="post" className={s.inlineForm}>
                  <CsrfInput />
                  <input type="hidden" name="publisher" value={m.slug} />
                  <button type="submit" name="intent" value="accept" className={buttonStyles.primary}>
                    Join<span className={visuallyHidden}> {m.name}</span>
                  </button>
                  <button type="submit" name="intent" value="decline" className={buttonStyles.secondary}>
                    Decline<span className={visuallyHidden}> the invitation of {m.name}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="publishers-title" className={s.section}>
        <h2 id="publishers-title" className={s.sectionTitle}>
          Your publishers
        </h2>
        {active.length === 0 ? (
          <p className={s.muted}>You are not a member of any publisher. A hub admin, or a member of your company's publisher, can add you by your platform e-mail address.</p>
        ) : (
          <ul className={s.items}>
            {active.map((m) => (
              <li key={m.slug} className={s.item}>
                <a href={consolePath(m.slug)} className={s.itemHead}>
                  {m.name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

const TABS = [
  { to: "", label: "Apps" },
  { to: "submissions", label: "Submissions" },
  { to: "members", label: "Members" },
  { to: "tokens", label: "API tokens" },
  // Issue 30 item 3 (app/features/insights; docs/decisions/038).
  { to: "insights", label: "Insights" },
] as const;

/** The tab a console address belongs to: the apps tab holds the forms about apps too. */
function currentTab(pathname: string, slug: string): string {
  const rest = pathname.slice(consolePath(slug).length).replace(/^\//, "").replace(/\/$/, "");
  const first = rest.split("/")[0] ?? "";
  return TABS.some((t) => t.to === first) ? first : "";
}

/** The frame every console page shares: the publisher, a switch to the person's other publishers, the tabs. */
export function ConsoleFrame({ data, children }: { data: ConsoleLayoutData; children: ReactNode }) {
  const { publisher, others } = data;
  const current = currentTab(useLocation().pathname, publisher.slug);
  return (
    <article className={s.page} aria-labelledby="console-title">
      <header className={s.head}>
        <p className={s.eyebrow}>Publisher console</p>
        <h1 id="console-title" className={s.title}>
          {publisher.name}
        </h1>
        <p className={s.switcher}>
          <a href={`/publishers/${publisher.slug}`}>Public page</a>
          {others.length > 0 ? (
            <>
              <span aria-hidden="true">·</span>
              <span>Switch to:</span>
              {others.map((o) => (
                <a key={o.slug} href={consolePath(o.slug)}>
                  {o.name}
                </a>
              ))}
            </>
          ) : null}
        </p>
      </header>
      <nav aria-label="Publisher console">
        <ul className={s.tabs}>
          {TABS.map((t) => (
            <li key={t.to}>
              <a href={t.to ? consolePath(publisher.slug, t.to) : consolePath(publisher.slug)} className={s.tab} aria-current={t.to === current ? "page" : undefined}>
                {t.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </article>
  );
}

const LIVE_LABELS = { listed: "Listed", "coming-soon": "Coming soon", deprecated: "Deprecated", removed: "Removed by a moderator" } as const;

export function AppsPage({ slug, data }: { slug: string; data: ConsoleAppsData }) {
  return (
    <>
      <section aria-labelledby="apps-title" className={s.section}>
        <h2 id="apps-title" className={s.sectionTitle}>
          Apps ({data.apps.length})
        </h2>
        <p className={s.buttons}>
          <a href={consolePath(slug, "new-app")} className={buttonStyles.primary}>
            Submit a new app
          </a>
        </p>
        {data.apps.length === 0 ? (
          <p className={s.muted}>No apps are listed yet.</p>
        ) : (
          <div className={s.tableWrap}>
            <table className={s.appsTable}>
              <caption className={visuallyHidden}>Your apps, their state in the catalogue, freshness and rating</caption>
              <thead>
                <tr>
                  <th scope="col">App</th>
                  <th scope="col">Live state</th>
                  <th scope="col">Version</th>
                  <th scope="col">Freshness</th>
                  <th scope="col">Rating</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {data.apps.map((a) => (
                  <tr key={a.id}>
                    <th scope="row">
                      {a.live === "removed" ? a.name : <a href={a.path}>{a.name}</a>}
                      {a.pending > 0 ? (
                        <>
                          {" "}
                          <span className={s.pendingTag}>{a.pending} in review</span>
                        </>
                      ) : null}
                    </th>
                    <td data-label="Live state">{LIVE_LABELS[a.live]}</td>
                    <td data-label="Version">{a.version ?? "None yet"}</td>
                    <td data-label="Freshness">
                      {FRESHNESS_LABELS[a.freshness]}
                      {a.lastReleaseAt ? <span className={s.muted}> (released {formatDate(a.lastReleaseAt)})</span> : null}
                    </td>
                    <td data-label="Rating">{a.ratingAverage === null ? "No ratings" : `${a.ratingAverage.toFixed(1)} of 5 (${a.ratingCount})`}</td>
                    <td>
                      {a.live === "removed" ? (
                        <span className={s.muted}>Ask the hub team</span>
                      ) : (
                        <span className={s.switcher}>
                          <a href={consolePath(slug, "apps", a.id, "version")}>
                            New version<span className={visuallyHidden}> of {a.name}</span>
                          </a>
                          <a href={consolePath(slug, "apps", a.id, "listing")}>
                            Edit listing<span className={visuallyHidden}> of {a.name}</span>
                          </a>
                          <a href={consolePath(slug, "apps", a.id, "insights")}>
                            Insights<span className={visuallyHidden}> of {a.name}</span>
                          </a>
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="drafts-title" className={s.section}>
        <h2 id="drafts-title" className={s.sectionTitle}>
          Drafts in review ({data.drafts.length})
        </h2>
        {data.drafts.length === 0 ? (
          <p className={s.muted}>No new app waits for review.</p>
        ) : (
          <ul className={s.items}>
            {data.drafts.map((d) => (
              <SubmissionItem key={d.id} item={d} slug={slug} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function StateTag({ state }: { state: SubmissionView["state"] }) {
  if (state === "approved") return <span className={s.approved}>Approved</span>;
  if (state === "rejected") return <span className={s.rejected}>Rejected</span>;
  if (state === "withdrawn") return <span className={s.quietTag}>Withdrawn</span>;
  return <span className={s.pendingTag}>Waiting for review</span>;
}

function SubmissionItem({ item, slug }: { item: SubmissionView; slug: string }) {
  const title = `${item.appName}${item.version ? ` ${item.version}` : ""}`;
  return (
    <li className={s.item}>
      <p className={s.itemHead}>
        <span className={s.kind}>{KIND_LABELS[item.kind]}</span>
        {item.state === "approved" && item.appPath ? <a href={item.appPath}>{title}</a> : <span>{title}</span>}
        <StateTag state={item.state} />
      </p>
      <p className={s.muted}>
        Sent {formatDate(item.createdAt)} by {item.by ? <ActorName actor={item.by} /> : "an API token"}
        {item.decidedAt ? `; ${item.state} ${formatDate(item.decidedAt)}` : ""}
      </p>
      {item.state === "rejected" && item.reason ? <p className={s.body}>The reviewer's reason: {item.reason}</p> : null}
      {item.state === "pending" ? (
        <Form method="post" action={consolePath(slug, "submissions")}>
          <CsrfInput />
          <input type="hidden" name="submission" value={item.id} />
          <button type="submit" name="intent" value="withdraw" className={buttonStyles.secondary}>
            Withdraw<span className={visuallyHidden}> {title}</span>
          </button>
        </Form>
      ) : null}
    </li>
  );
}

export function SubmissionsPage({ slug, data }: { slug: string; data: ConsoleSubmissionsData }) {
  const pending = data.submissions.filter((x) => x.state === "pending");
  const decided = data.submissions.filter((x) => x.state !== "pending");
  return (
    <>
      <section aria-labelledby="pending-title" className={s.section}>
        <h2 id="pending-title" className={s.sectionTitle}>
          Waiting for review ({pending.length})
        </h2>
        <p className={s.muted}>A hub admin reviews each submission; nothing is live until it is approved. You can withdraw a submission while it waits.</p>
        {pending.length === 0 ? (
          <p className={s.muted}>Nothing waits for review.</p>
        ) : (
          <ul className={s.items}>
            {pending.map((x) => (
              <SubmissionItem key={x.id} item={x} slug={slug} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="decided-title" className={s.section}>
        <h2 id="decided-title" className={s.sectionTitle}>
          Decided and withdrawn
        </h2>
        {decided.length === 0 ? (
          <p className={s.muted}>No decisions yet.</p>
        ) : (
          <ul className={s.items}>
            {decided.map((x) => (
              <SubmissionItem key={x.id} item={x} slug={slug} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export function MembersPage({ data }: { data: ConsoleMembersData }) {
  return (
    <>
      <section aria-labelledby="members-title" className={s.section}>
        <h2 id="members-title" className={s.sectionTitle}>
          Members ({data.members.length})
        </h2>
        <p className={s.muted}>Members sign in with their platform account. Each can submit, withdraw, invite and remove members and manage API tokens.</p>
        <ul className={s.items}>
          {data.members.map((m) => {
            const expired = m.state === "invited" && m.expiresAt !== null && m.expiresAt <= data.now;
            const who = m.name ? `${m.name} (${m.email})` : m.email;
            return (
              <li key={m.email} className={s.item}>
                <p className={s.itemHead}>
                  {who}
                  {m.email === data.me ? <span className={s.quietTag}>You</span> : null}
                  {m.state === "invited" ? <span className={s.pendingTag}>{expired ? "Invitation expired" : "Invited"}</span> : null}
                </p>
                <p className={s.muted}>
                  {m.state === "invited" ? "Invited" : "Added"} by <ActorName actor={m.addedBy} /> on {formatDate(m.addedAt)}
                  {m.state === "invited" && m.expiresAt && !expired ? `; open until ${formatDate(m.expiresAt)}` : ""}
                </p>
                <Form method="post" className={s.inlineForm}>
                  <CsrfInput />
                  <input type="hidden" name="email" value={m.email} />
                  <button type="submit" name="intent" value="remove" className={buttonStyles.secondary}>
                    {m.email === data.me ? "Leave this publisher" : m.state === "invited" ? "Withdraw the invitation" : "Remove"}
                    <span className={visuallyHidden}> {m.email}</span>
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="invite-title" className={s.section}>
        <h2 id="invite-title" className={s.sectionTitle}>
          Invite a member
        </h2>
        <Form method="post" className={s.form}>
          <CsrfInput />
          <InputField
            id="invite-email"
            name="email"
            type="email"
            autoComplete="off"
            label="Platform e-mail address"
            defaultValue={data.form?.values.email ?? ""}
            error={data.form?.errors.email}
            hint="They accept the invitation at /publisher after signing in with this address, within 14 days. No e-mail is sent: tell them."
          />
          <SubmitRow intent="invite">Invite</SubmitRow>
        </Form>
      </section>
    </>
  );
}

export function ConsoleTokensPage({ data }: { data: ConsoleTokensData }) {
  const { tokens, created, form } = data;
  return (
    <>
      {created ? <CreatedToken title="Token created" created={created} /> : null}
      <section aria-labelledby="create-title" className={s.section}>
        <h2 id="create-title" className={s.sectionTitle}>
          Create an API token
        </h2>
        <p className={s.muted}>
          A token lets your own systems use the <a href="/developers/api#tag-publisher">publisher API</a> for this publisher's apps, as this console does.
        </p>
        {/* A new form after a token is made: the name typed for it is not kept for the next one. */}
        <Form method="post" className={s.form} key={created?.token.id ?? "new"}>
          <CsrfInput />
          <InputField id="token-name" name="name" label="Name" maxLength={80} defaultValue={form?.values.name ?? ""} error={form?.errors.name} />
          <TokenLifetimeField chosen={form?.values.expiresInDays} error={form?.errors.expiresInDays} />
          <SubmitRow intent="create">Create token</SubmitRow>
        </Form>
      </section>
      <TokenList tokens={tokens} now={data.now} />
    </>
  );
}
