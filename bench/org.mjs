// `npm run bench -- --only=org` (issue 29): what an organisation's policy costs its members. The same
// person, logged in, once as a member of an organisation that requires approval (with a realistic
// policy: hundreds of pre-approved and restricted apps, two rules, a few of their own requests) and
// once of an open one (no policy: today's default), opens list pages and app pages. One client (no
// queueing), the two organisations taking turns in rounds so background load on the machine hits both
// alike; the figure is the ratio of their p50s from the same run. Goal: within 1.2×.
//
// Self-contained: its own Worker (the built dist/app.js in Miniflare through the integration harness,
// the production environment's vars, real HTTP on 127.0.0.1) and catalogue (--org-apps, default
// 2,000: list pages and app pages are remembered per catalogue version, so the catalogue's size
// changes both organisations' pages alike).
import { createCookie } from "@remix-run/cloudflare";
import { startWorker, TEST_DEPLOY_SECRETS, wranglerVars } from "../test/integration/harness.ts";

const GOAL = 1.2;
/** The organisation that requires approval, and the open one (uuids, as orgKeyOf reads them). */
const APPROVAL_ORG = "0b1e5c1e-0000-4000-8000-00000000a001";
const OPEN_ORG = "0b1e5c1e-0000-4000-8000-00000000a002";
const PERSON = "0b1e5c1e-0000-4000-8000-00000000b001";
const APPROVED = 300;
const RESTRICTED = 60;

const hydraId = (kind, uuid) => Buffer.from(`ciscospark://us/${kind}/${uuid}`).toString("base64url");

/** A session in KV for the same person in `orgUuid` (as app/auth/session.server.ts stores one); returns its Cookie header. */
async function memberSession(kv, vars, orgUuid) {
  const id = `bench-org-${orgUuid}`;
  const far = Date.now() + 7 * 24 * 3600 * 1000;
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
  const tokens = { accessToken: "bench", refreshToken: "bench", accessExpiresAt: far, refreshExpiresAt: far };
  await kv.put(id, JSON.stringify({ user, tokens, trackingSession: "bench", createdAt: Date.now(), lastSeenAt: Date.now() }));
  const secrets = vars.SESSION_SECRETS.split(",").map((v) => v.trim());
  const cookie = createCookie(vars.SESSION_COOKIE_NAME ?? "__session", { secrets });
  return (await cookie.serialize(id)).split(";")[0];
}

/** The approval organisation's policy: mode, decisions, rules and some of the member's requests. */
async function seedPolicy(db, apps) {
  const now = new Date().toISOString();
  const statements = [
    db.prepare("INSERT INTO org_policies (org_id, mode, requests_to, updated_by, updated_at) VALUES (?, 'approval', 'admins', 'Bench Admin', ?)").bind(APPROVAL_ORG, now),
  ];
  apps.slice(0, APPROVED + RESTRICTED).forEach((app, i) => {
    statements.push(
      db
        .prepare("INSERT INTO org_app_decisions (org_id, app_id, status, permissions, reason, decided_by, decided_at) VALUES (?, ?, ?, ?, '', 'Bench Admin', ?)")
        .bind(APPROVAL_ORG, app.id, i < APPROVED ? "approved" : "restricted", JSON.stringify(app.permissions ?? []), now),
    );
  });
  for (const [name, conditions] of [
    ["Verified and SOC 2", { verifiedPublisher: true, certifications: ["soc2-type-ii"] }],
    ["EU only, no admin access", { dataRegions: ["eu"], noAdminPermissions: true }],
  ]) {
    statements.push(
      db
        .prepare("INSERT INTO org_rules (org_id, name, conditions, created_by, created_at) VALUES (?, ?, ?, 'Bench Admin', ?)")
        .bind(APPROVAL_ORG, name, JSON.stringify(conditions), now),
    );
  }
  for (const app of apps.slice(APPROVED + RESTRICTED, APPROVED + RESTRICTED + 20)) {
    statements.push(
      db
        .prepare(
          `INSERT INTO org_app_requests (org_id, app_id, app_name, requester_user_id, requester_person_id, requester_name, requester_email, status, created_at)
           VALUES (?, ?, ?, ?, ?, 'Bench Member', 'member@org.example', 'pending', ?)`,
        )
        .bind(APPROVAL_ORG, app.id, app.name, PERSON, hydraId("PEOPLE", PERSON), now),
    );
  }
  for (let i = 0; i < statements.length; i += 100) await db.batch(statements.slice(i, i + 100));
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN);

/**
 * @param {{ log: (line: string) => void, table: (headers: string[], rows: unknown[][]) => string, fmt: (n: number, d?: number) => string,
 *           apps?: number, rounds?: number, seconds?: number }} options
 */
export async function runOrg({ log, table, fmt, apps = 2000, rounds = 5, seconds = 1.5 }) {
  const vars = { ...wranglerVars("production"), ...TEST_DEPLOY_SECRETS };
  let t = performance.now();
  // The platform answers at once (an app page asks for the person's spaces for its add form).
  const platform = (request) => Response.json(new URL(request.url).pathname.endsWith("/rooms") ? { items: [] } : {}, { status: 200 });
  const worker = await startWorker({ apps, listen: true, environment: "production", outboundService: platform });
  try {
    log(`bench org: ${apps} apps imported in ${fmt((performance.now() - t) / 1000, 2)} s; worker at ${worker.origin}`);
    const published = worker.catalogue.apps.filter((a) => a.status === "published" && !a.deprecation);
    // Decisions spread over the catalogue (every n-th app), so list pages and app pages meet all three states.
    const spread = published.filter((_, i) => i % 3 === 0);
    t = performance.now();
    await seedPolicy(worker.db, spread);
    log(`bench org: approval organisation with ${APPROVED} approved, ${RESTRICTED} restricted, 2 rules, 20 requests (${fmt(performance.now() - t, 0)} ms)`);
    const cookies = { approval: await memberSession(worker.kv, vars, APPROVAL_ORG), open: await memberSession(worker.kv, vars, OPEN_ORG) };

    const lists = ["/bots", "/brand-new", "/meetings", "/integrations?sort=a-z"];
    const appPaths = published
      .filter((_, i) => i % 37 === 0)
      .slice(0, 24)
      .map((a) => `/applications/${encodeURIComponent(a.friendlyId ?? a.id)}`);
    const kinds = [
      { id: "list", label: `list pages (${lists.join(", ")})`, paths: lists },
      { id: "app", label: `app pages (${appPaths.length} apps in turn)`, paths: appPaths },
    ];
    const BADGE = /Approved by your organisation|Restricted by your organisation|Needs approval/;
    const headers = (org) => ({
      Accept: "text/html,application/xhtml+xml",
      "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      Cookie: cookies[org],
    });

    const cursor = new Map();
    /** One client for `ms`: each request once the previous body is read; latencies in ms. */
    async function phase(kind, org, ms) {
      const out = [];
      const problems = [];
      let bytes = 0;
      const end = performance.now() + ms;
      const key = `${kind.id}:${org}`;
      while (performance.now() < end) {
        const i = cursor.get(key) ?? 0;
        cursor.set(key, i + 1);
        const started = performance.now();
        const res = await fetch(`${worker.origin}${kind.paths[i % kind.paths.length]}`, { headers: headers(org), redirect: "manual" });
        const html = await res.text();
        out.push(performance.now() - started);
        bytes += html.length;
        // The approval member's pages show badges, the open member's none; both are never shared.
        if (res.status !== 200) problems.push(`status ${res.status}`);
        else if (BADGE.test(html) !== (org === "approval")) problems.push(`${org} ${kind.paths[i % kind.paths.length]}: badges ${org === "approval" ? "missing" : "shown"}`);
        else if (res.headers.get("Cache-Control") !== "private, no-store") problems.push(`Cache-Control ${res.headers.get("Cache-Control")}`);
      }
      return { latencies: out, problems, bytes };
    }

    const runs = new Map();
    for (const kind of kinds) for (const org of ["approval", "open"]) runs.set(`${kind.id}:${org}`, { latencies: [], problems: [], bytes: 0 });
    // Warm-up: every path once per organisation (the isolate's memo, the vocabulary, the markup).
    for (const kind of kinds) for (const org of ["approval", "open"]) await phase(kind, org, 500);
    for (let round = 0; round < rounds; round++) {
      for (const kind of kinds) {
        // Alternate which organisation goes first, so neither always follows the other's warm cache.
        const order = round % 2 === 0 ? ["approval", "open"] : ["open", "approval"];
        for (const org of order) {
          const r = await phase(kind, org, (seconds * 1000) / rounds);
          const acc = runs.get(`${kind.id}:${org}`);
          acc.latencies.push(...r.latencies);
          acc.problems.push(...r.problems);
          acc.bytes += r.bytes;
        }
      }
    }

    const figures = {};
    const rows = [];
    const verdicts = [];
    for (const kind of kinds) {
      const f = {};
      for (const org of ["approval", "open"]) {
        const { latencies, problems, bytes } = runs.get(`${kind.id}:${org}`);
        const sorted = Float64Array.from(latencies).sort();
        f[org] = {
          requests: sorted.length,
          kb: bytes / 1024 / Math.max(1, sorted.length),
          p50: percentile(sorted, 50),
          p90: percentile(sorted, 90),
          p99: percentile(sorted, 99),
          problems: problems.length,
          firstProblem: problems[0] ?? null,
        };
      }
      f.ratio = f.approval.p50 / f.open.p50;
      figures[kind.id] = f;
      for (const org of ["approval", "open"]) {
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
        ok: f.ratio <= GOAL && f.approval.problems + f.open.problems === 0,
      });
    }
    log("");
    log(`Organisation policy (issue 29): the same logged-in member, one client, ${rounds} rounds; ${kinds.map((k) => `${k.id}: ${k.label}`).join("; ")}`);
    log(table(["scenario", "requests", "KB", "p50 ms", "p90 ms", "p99 ms", "p50 ratio", "problems"], rows));
    log("");
    log(
      table(
        ["target", "value", "result"],
        verdicts.map((v) => [v.target, v.value, v.ok ? "ok" : "MISSED"]),
      ),
    );
    return { figures, verdicts };
  } finally {
    await worker.dispose();
  }
}
