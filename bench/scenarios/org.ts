// What an organisation's policy costs its members (issue 29; docs/decisions/035): `--only=org`. The
// same person, logged in, once as a member of an organisation that requires approval (with a
// realistic policy: hundreds of pre-approved and restricted apps, two rules, a few of their own
// requests) and once of an open one (no policy: today's default), opens list pages and app pages.
// One client (no queueing), the two organisations taking turns in --rounds rounds so background load
// on the machine hits both alike, --duration s in all per page kind and organisation; the figure is
// the ratio of their p50s from the same run. Goal: within 1.2×.
//
// Its own Worker (the build snapshot in Miniflare, the production vars, real HTTP on 127.0.0.1, the
// platform's API answering at once) and catalogue of 2,000 apps: list pages and app pages are
// remembered per catalogue version, so the catalogue's size changes both organisations' pages
// alike. Alone it writes .bench/org.json.
import { fmt, kb, log, table, type Verdict } from "../../scripts/harness/report.ts";
import { latencies, type Latencies } from "../../scripts/harness/stats.ts";
import type { AppRecord } from "../../app/models/catalogue-record.ts";
import { benchTokens, generateAndImport, migrate, storeSession } from "../lib/catalogue.ts";
import { type Helper, startBenchWorker, type Statement } from "../lib/worker.ts";
import type { BuildContext, Outcome, Scenario } from "../scenario.ts";

const GOAL = 1.2;
const APPS = 2000;
/** The organisation that requires approval, and the open one (uuids, as orgKeyOf reads them). */
const APPROVAL_ORG = "0b1e5c1e-0000-4000-8000-00000000a001";
const OPEN_ORG = "0b1e5c1e-0000-4000-8000-00000000a002";
const PERSON = "0b1e5c1e-0000-4000-8000-00000000b001";
const APPROVED = 300;
const RESTRICTED = 60;
const ORGS = ["approval", "open"] as const;
type Org = (typeof ORGS)[number];

const hydraId = (kind: string, uuid: string) => Buffer.from(`ciscospark://us/${kind}/${uuid}`).toString("base64url");

/** A session in KV for the same person in `orgUuid` (as app/auth/session.server.ts stores one); returns its Cookie header. */
function memberSession(kv: KVNamespace, vars: Record<string, string>, orgUuid: string): Promise<string> {
  const user = {
    id: hydraId("PEOPLE", PERSON),
    userId: PERSON,
    orgId: hydraId("ORGANIZATION", orgUuid),
    displayName: "Bench Member",
    firstName: "Bench",
    lastName: "Member",
    nickName: "",
    emails: ["member@org.example"],
    emailDomain: "org.example",
    avatar: null,
    portalDisplayName: "Bench Member",
    isOrgAdmin: false,
  };
  return storeSession(kv, vars, `bench-org-${orgUuid}`, { user, tokens: benchTokens(), trackingSession: "bench", createdAt: Date.now(), lastSeenAt: Date.now() });
}

/** The approval organisation's policy: mode, decisions, rules and some of the member's requests. */
async function seedPolicy(helper: Helper, apps: readonly AppRecord[]) {
  const now = new Date().toISOString();
  const statements: Statement[] = [
    {
      sql: "INSERT INTO org_policies (org_id, mode, requests_to, updated_by, updated_at) VALUES (?, 'approval', 'admins', 'Bench Admin', ?)",
      params: [APPROVAL_ORG, now],
    },
  ];
  apps.slice(0, APPROVED + RESTRICTED).forEach((app, i) => {
    statements.push({
      sql: "INSERT INTO org_app_decisions (org_id, app_id, status, permissions, reason, decided_by, decided_at) VALUES (?, ?, ?, ?, '', 'Bench Admin', ?)",
      params: [APPROVAL_ORG, app.id, i < APPROVED ? "approved" : "restricted", JSON.stringify(app.permissions ?? []), now],
    });
  });
  const rules: [string, Record<string, unknown>][] = [
    ["Verified and SOC 2", { verifiedPublisher: true, certifications: ["soc2-type-ii"] }],
    ["EU only, no admin access", { dataRegions: ["eu"], noAdminPermissions: true }],
  ];
  for (const [name, conditions] of rules) {
    statements.push({
      sql: "INSERT INTO org_rules (org_id, name, conditions, created_by, created_at) VALUES (?, ?, ?, 'Bench Admin', ?)",
      params: [APPROVAL_ORG, name, JSON.stringify(conditions), now],
    });
  }
  for (const app of apps.slice(APPROVED + RESTRICTED, APPROVED + RESTRICTED + 20)) {
    statements.push({
      sql: `INSERT INTO org_app_requests (org_id, app_id, app_name, requester_user_id, requester_person_id, requester_name, requester_email, status, created_at)
            VALUES (?, ?, ?, ?, ?, 'Bench Member', 'member@org.example', 'pending', ?)`,
      params: [APPROVAL_ORG, app.id, app.name, PERSON, hydraId("PEOPLE", PERSON), now],
    });
  }
  for (let i = 0; i < statements.length; i += 100) await helper.batch(statements.slice(i, i + 100));
}

type Kind = { id: string; label: string; paths: readonly string[] };
type Run = { latencies: number[]; problems: string[]; bytes: number };
type OrgFigures = Pick<Latencies, "requests" | "p50" | "p90" | "p99"> & { kb: number; problems: number; firstProblem: string | null };
type KindFigures = Record<Org, OrgFigures> & { ratio: number };

const BADGE = /Approved by your organisation|Restricted by your organisation|Needs approval/;
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function run(ctx: BuildContext): Promise<Outcome> {
  const { options } = ctx;
  let t = performance.now();
  // The platform answers at once (an app page asks for the person's spaces for its add form).
  const platform = (request: Request) => Response.json(new URL(request.url).pathname.endsWith("/rooms") ? { items: [] } : {}, { status: 200 });
  const worker = await startBenchWorker(ctx.build, { dbId: "bench-org", port: options.port, outbound: platform, state: options.state });
  try {
    const { helper, kv, origin } = worker;
    await migrate(ctx.root, helper);
    const { catalogue } = await generateAndImport(helper, APPS);
    await kv.put("catalogue-version", `${catalogue.version}-bench-org-${Date.now()}`);
    log(`bench: org: ${catalogue.apps.length} apps imported in ${fmt((performance.now() - t) / 1000, 2)} s; worker at ${origin}`);
    const published = catalogue.apps.filter((a) => a.status === "published" && !a.deprecation);
    // Decisions spread over the catalogue (every n-th app), so list pages and app pages meet all three states.
    t = performance.now();
    await seedPolicy(
      helper,
      published.filter((_, i) => i % 3 === 0),
    );
    log(`bench: org: approval organisation with ${APPROVED} approved, ${RESTRICTED} restricted, 2 rules, 20 requests (${fmt(performance.now() - t, 0)} ms)`);
    const cookies: Record<Org, string> = {
      approval: await memberSession(kv, ctx.build.vars, APPROVAL_ORG),
      open: await memberSession(kv, ctx.build.vars, OPEN_ORG),
    };

    const lists = ["/bots", "/brand-new", "/meetings", "/integrations?sort=a-z"];
    const appPaths = published
      .filter((_, i) => i % 37 === 0)
      .slice(0, 24)
      .map((a) => `/applications/${encodeURIComponent(a.friendlyId ?? a.id)}`);
    const kinds: Kind[] = [
      { id: "list", label: `list pages (${lists.join(", ")})`, paths: lists },
      { id: "app", label: `app pages (${appPaths.length} apps in turn)`, paths: appPaths },
    ];
    const headers = (org: Org) => ({ Accept: "text/html,application/xhtml+xml", "User-Agent": USER_AGENT, Cookie: cookies[org] });

    const cursor = new Map<string, number>();
    /** One client for `ms`: each request once the previous body is read; latencies in ms. */
    async function phase(kind: Kind, org: Org, ms: number): Promise<Run> {
      const out: Run = { latencies: [], problems: [], bytes: 0 };
      const end = performance.now() + ms;
      const key = `${kind.id}:${org}`;
      while (performance.now() < end) {
        const i = cursor.get(key) ?? 0;
        cursor.set(key, i + 1);
        const path = kind.paths[i % kind.paths.length] ?? "/";
        const started = performance.now();
        const res = await fetch(`${origin}${path}`, { headers: headers(org), redirect: "manual" });
        const html = await res.text();
        out.latencies.push(performance.now() - started);
        out.bytes += html.length;
        // The approval member's pages show badges, the open member's none; both are never shared.
        if (res.status !== 200) out.problems.push(`status ${res.status}`);
        else if (BADGE.test(html) !== (org === "approval")) out.problems.push(`${org} ${path}: badges ${org === "approval" ? "missing" : "shown"}`);
        else if (res.headers.get("Cache-Control") !== "private, no-store") out.problems.push(`Cache-Control ${res.headers.get("Cache-Control")}`);
      }
      return out;
    }

    const runs = new Map<string, Run>();
    for (const kind of kinds) for (const org of ORGS) runs.set(`${kind.id}:${org}`, { latencies: [], problems: [], bytes: 0 });
    // Warm-up: every path once per organisation (the isolate's memo, the vocabulary, the markup).
    for (const kind of kinds) for (const org of ORGS) await phase(kind, org, 500);
    for (let round = 0; round < options.rounds; round++) {
      for (const kind of kinds) {
        // Alternate which organisation goes first, so neither always follows the other's warm cache.
        const order: readonly Org[] = round % 2 === 0 ? ["approval", "open"] : ["open", "approval"];
        for (const org of order) {
          const r = await phase(kind, org, options.durationMs / options.rounds);
          const acc = runs.get(`${kind.id}:${org}`);
          acc?.latencies.push(...r.latencies);
          acc?.problems.push(...r.problems);
          if (acc) acc.bytes += r.bytes;
        }
      }
    }

    const figures: Record<string, KindFigures> = {};
    const rows: (string | number)[][] = [];
    const verdicts: Verdict[] = [];
    for (const kind of kinds) {
      const of = (org: Org): OrgFigures => {
        const { latencies: values, problems, bytes } = runs.get(`${kind.id}:${org}`) ?? { latencies: [], problems: [], bytes: 0 };
        const { requests, p50, p90, p99 } = latencies(values);
        return { requests, kb: kb(bytes) / Math.max(1, requests), p50, p90, p99, problems: problems.length, firstProblem: problems[0] ?? null };
      };
      const approval = of("approval");
      const open = of("open");
      const f: KindFigures = { approval, open, ratio: approval.p50 / open.p50 };
      figures[kind.id] = f;
      for (const org of ORGS) {
        const x = f[org];
        rows.push([
          `${kind.id}, ${org} organisation`,
          x.requests,
          fmt(x.kb),
          fmt(x.p50),
          fmt(x.p90),
          fmt(x.p99),
          org === "approval" ? `${fmt(f.ratio, 2)}×` : "",
          x.problems ? `${x.problems}: ${x.firstProblem}` : "",
        ]);
      }
      verdicts.push({
        target: `${kind.id} page p50, approval ÷ open ≤ ${GOAL}×`,
        value: `${fmt(f.ratio, 2)}×`,
        ok: f.ratio <= GOAL && approval.problems + open.problems === 0,
      });
    }
    const report = [
      `Organisation policy (issue 29): the same logged-in member, one client, ${options.rounds} rounds, ${catalogue.apps.length} apps; ${kinds.map((k) => `${k.id}: ${k.label}`).join("; ")}`,
      table(["scenario", "requests", "KB", "p50 ms", "p90 ms", "p99 ms", "p50 ratio", "problems"], rows),
    ];
    return { report, verdicts, json: { figures } };
  } finally {
    await worker.dispose();
  }
}

export const org: Scenario = {
  id: "org",
  about: "issue 29: an approval organisation's member vs an open one's, list and app pages, p50 ratio (its own Worker, 2,000 apps)",
  needs: "build",
  inFullRun: false,
  run,
};
