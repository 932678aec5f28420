// `npm run soak` (issues 12 and 26): a bounded local load of mixed traffic through the real dev servers,
// then an audit. Not a test and not a benchmark of one path: it looks for what only shows up when
// everything runs at once — a 5xx, a lost or doubled message, a webhook that is not listed.
//
//   npm run soak [-- --minutes 10] [--clients 6] [--people riley,ada,sam,max] [--posters 2]
//                [--posts-per-minute 240] [--bust 0.3] [--app-port 8797] [--platform-port 8798]
//                [--app-url http://127.0.0.1:PORT --platform-url http://127.0.0.1:PORT]
//                [--json .wrangler/soak-results.json] [--settle 75] [--timeout 30] [--seed N] [--build] [--keep]
//
// Servers: by default it seeds fresh local state in its own folders (.wrangler/soak-state-<app port>,
// .wrangler/soak-platform-state-<platform port>) and starts `wrangler dev` for the platform emulator
// and for the app on 127.0.0.1 (as scripts/dev.mjs and playwright.config.ts do, with
// CLOUDFLARE_CF_FETCH_ENABLED=false), each in its own process group, stopped on finish, on error and
// on Ctrl-C. With --app-url and --platform-url it reuses running servers instead (it then deletes the
// webhooks it made after the audit, unless --keep). Any target other than 127.0.0.1 is refused.
//
// Traffic, for --minutes (closed loop: each virtual client sends its next request when the last
// answer is read):
//   - --clients anonymous browsers: home, list, category, detail and search pages, /api/search,
//     /api/suggest (word prefixes, as typed), content APIs, /getImage for a few logos, and
//     analytics beacons POSTed to /api/analytics as the tracker sends them (sendBeacon: JSON, same
//     origin). A --bust share of the GETs carry junk query parameters (cache busting).
//   - one client per demo person (--people): logs in once through the emulator's consent page with
//     a cookie jar, then browses logged-in pages, adds bots to spaces with the no-JavaScript form
//     (GET ?add=group-space, POST with the page's CSRF field, follow the redirect), and creates and
//     deletes incoming and outgoing webhooks (the page's form, or the §7 JSON API with the page's
//     CSRF token in the header). Outgoing webhooks point at a receiver this script runs on
//     127.0.0.1.
//   - --posters clients POST to the incoming webhook URLs (about --posts-per-minute in all) with
//     unique texts; some mention the Outgoing Webhooks bot, so the platform delivers them to our
//     outgoing webhooks and the app forwards them to the receiver. A few posts are malformed or go to
//     deleted webhooks (they must be refused and never appear).
// Every request is recorded (kind, status, latency). 429 is its own outcome (counted per kind; the
// client backs off for Retry-After on that kind, or on that webhook for incoming posts); 5xx and
// network errors are errors; any other status a kind does not expect is "unexpected".
//
// Audit (after the load, and --settle seconds for outgoing deliveries), read through the emulator's
// API: every accepted incoming post appears exactly once, in its space, under its webhook's name;
// refused ones do not appear; every webhook created and not deleted is listed on My Webhooks (API and
// page) once, deleted ones are gone (also upstream, and their URLs answer 404); every mention in a
// space with a long-lived outgoing webhook reached the receiver once with a valid signature; bots
// that were added (or were already there) are members; beacons' events were all counted; every 429
// carried Retry-After; no 5xx. Exit code 1 when a check fails (2 when the run itself fails).
//
// Since issue 26 the soak is TypeScript (Node strips the types; `npm run typecheck` checks them)
// and reads the hub's answers with the product's own schemas (./product.ts). Follows, reviews and
// publishing run during the load as well, each with its audit (./follows.ts, ./reviews.ts,
// ./publishing.ts). `npm run test:soak` runs a short one with the full audit (part of `npm test`).
import { availableParallelism, loadavg } from "node:os";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { audit, type AuditPart } from "./audit.ts";
import { cron, cronLoop, NAVIGATE, request, run, samples, stats, XHR } from "./http.ts";
import { root, settings } from "./options.ts";
import { createHook, csrfHeader, logIn, personLoop, type PersonAction, selectOptions, webhookPage } from "./people.ts";
import { posterLoop, startReceiver } from "./posters.ts";
import { summarize } from "./report.ts";
import { answers, type OwnServers, serverMemory, servers, startOwnServers, stopServers } from "./servers.ts";
import { analyticsTotal, anonymousLoop, discover } from "./site.ts";
import { fmt, log, table } from "../harness/report.ts";
import { demoUser, type Person, roomFits, world } from "./world.ts";
import { followAction, followsAudit } from "./follows.ts";
import { reviewAction, reviewsAudit } from "./reviews.ts";
import { publishingAudit, publishingLoop, publishingSetup } from "./publishing.ts";

const { app: APP, platform: PLATFORM } = settings;

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    process.stderr.write(`\nsoak: ${signal}: stopping the servers it started\n`);
    void stopServers().then(() => process.exit(130));
  });
}
const failHard = (error: unknown) => {
  process.stderr.write(`soak: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  void stopServers().then(() => process.exit(2));
};
process.on("uncaughtException", failHard);
process.on("unhandledRejection", failHard);

let exitCode = 0;
const runStarted = Date.now();
const loadAtStart = loadavg()[0] ?? 0;
let receiver: Awaited<ReturnType<typeof startReceiver>> | null = null;
let own: OwnServers | null = null;
const people: Person[] = [];
try {
  log(
    `soak: run ${settings.run}, seed ${settings.seed}: ${settings.minutes} min, ${settings.clients} anonymous clients, ${settings.people.length} people (${settings.people.join(", ")}), ${settings.posters} posters (~${settings.postsPerMinute}/min), ${Math.round(settings.bust * 100)} % cache-busting`,
  );
  if (settings.reuse) {
    if ((await answers(`${PLATFORM}/_emulator/state`)) !== 200) throw new Error(`${PLATFORM} is not the platform emulator with its controls on (/_emulator/state)`);
    if ((await answers(`${APP}/robots.txt`)) !== 200) throw new Error(`${APP} does not answer /robots.txt`);
    log(`soak: reusing ${APP} and ${PLATFORM}`);
  } else {
    own = await startOwnServers();
  }
  receiver = await startReceiver();
  world.receiverOrigin = receiver.origin;

  // Setup (recorded apart): discovery, logins, and the long-lived webhooks the audit leans on.
  const site = await discover();
  log(
    `soak: site: ${site.apps.length} apps (${site.bots.length} bots), ${site.listPages.length} list pages, ${site.categoryPages.length} category pages, ${site.logos.length} logos for /getImage; receiver ${world.receiverOrigin}`,
  );
  for (const key of settings.people) {
    const { email } = demoUser(key);
    people.push({ key, email, hookSeq: 0, jar: await logIn({ email }), used: new Map() });
  }
  for (const person of people) {
    const page = await request("webhook:page", webhookPage("incoming"), { headers: NAVIGATE, jar: person.jar });
    const fitting = selectOptions(page.text()).filter((o) => roomFits(person, o.id));
    for (const room of fitting.slice(0, 2)) await createHook(person, "incoming", { stable: true, roomId: room.id, viaApi: false, twice: false });
    if (fitting[0]) await createHook(person, "outgoing", { stable: true, roomId: fitting[0].id, viaApi: false, twice: false });
  }
  const publishing = await publishingSetup(people, site);
  const stableCount = world.hooks.filter((h) => h.stable && h.id).length;
  log(
    `soak: logged in ${people.map((p) => p.key).join(", ")}; ${stableCount} long-lived webhooks (${world.refusedHooks.length} refused: ${world.refusedHooks.map((r) => `${r.owner} ${r.message}`).join("; ") || "none"}); ${publishing.summary}`,
  );
  const analyticsBefore = await analyticsTotal();

  // Load.
  run.phase = "load";
  const memoryBefore = serverMemory();
  const cpuBefore = process.cpuUsage();
  const loadAvgBefore = loadavg()[0] ?? 0;
  const loadStarted = Date.now();
  const until = loadStarted + settings.loadMs;
  log(`soak: load for ${settings.minutes} min, until ${new Date(until).toISOString().slice(11, 19)} UTC …`);
  const progress = setInterval(() => {
    const s = summarize(stats.load);
    const secs = (Date.now() - loadStarted) / 1000;
    log(
      `soak: ${fmt(secs, 0)} s: ${s.total} requests (${fmt(s.total / secs)} req/s), p50 ${fmt(s.p50, 0)} ms, p99 ${fmt(s.p99, 0)} ms, 5xx ${s.classes["5xx"]}, errors ${s.classes.error}, 429 ${s.classes["429"]}`,
    );
  }, 30_000);
  progress.unref();
  const extra: PersonAction[] = [followAction(site), reviewAction()];
  await Promise.all([
    ...Array.from({ length: settings.clients }, () => anonymousLoop(site, until)),
    ...people.map((p) => personLoop(p, site, until, extra)),
    ...Array.from({ length: settings.posters }, () => posterLoop(until)),
    publishingLoop(publishing, until),
    cronLoop(until),
  ]);
  const loadEnded = Date.now();
  const cpu = process.cpuUsage(cpuBefore);
  const loadAvgAfter = loadavg()[0] ?? 0;
  const memoryAfter = serverMemory();
  clearInterval(progress);
  run.phase = "audit";

  log(`soak: load done; auditing (waiting up to ${settings.settleMs / 1000} s for outgoing deliveries) …`);
  const more: AuditPart[] = [
    { label: "follows", audit: followsAudit },
    { label: "reviews", audit: reviewsAudit },
    { label: "publishing", audit: (checks) => publishingAudit(checks, publishing) },
  ];
  const checks = await audit(people, analyticsBefore, more);
  const load = summarize(stats.load);
  const setup = summarize(stats.setup);
  const seconds = (loadEnded - loadStarted) / 1000;

  log("");
  log(
    `Load: ${load.total} requests in ${fmt(seconds, 0)} s = ${fmt(load.total / seconds)} req/s; p50 ${fmt(load.p50)} ms, p95 ${fmt(load.p95)} ms, p99 ${fmt(load.p99)} ms, max ${fmt(load.max, 0)} ms`,
  );
  log(
    `Status classes: ${Object.entries(load.classes)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}`,
  );
  log(
    `Setup (logins, discovery, long-lived webhooks, publisher token; not in the figures above): ${setup.total} requests, ${Object.entries(setup.classes)
      .filter(([, n]) => n)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}`,
  );
  const generatorCpu = (cpu.user + cpu.system) / 1e6;
  if (servers.length) {
    log(
      `Server memory (RSS of each process group, load start → end): ${Object.keys(memoryAfter)
        .map((k) => `${k} ${fmt(memoryBefore[k], 0)} → ${fmt(memoryAfter[k], 0)} MB`)
        .join(", ")}`,
    );
  }
  log(`Cron Trigger runs asked of wrangler dev: ${cron.unavailable ? "not available on this server" : `${cron.runs}${cron.failed ? `, ${cron.failed} failed` : ""}`}`);
  log(
    `Machine: 1-min load average ${fmt(loadAvgBefore)} → ${fmt(loadAvgAfter)} on ${availableParallelism()} CPUs; the soak itself used ${fmt(generatorCpu)} s of CPU (${fmt((100 * generatorCpu) / seconds, 0)} % of one core)`,
  );
  log("");
  log(
    table(
      ["kind", "requests", "req/s", "p50", "p95", "p99", "max", "2xx", "3xx", "4xx", "429", "5xx", "err"],
      load.rows.map((r) => [
        r.kind,
        r.requests,
        fmt(r.requests / seconds, 2),
        fmt(r.p50, 0),
        fmt(r.p95, 0),
        fmt(r.p99, 0),
        fmt(r.max, 0),
        r.classes["2xx"],
        r.classes["3xx"],
        r.classes["4xx"],
        r.classes["429"],
        r.classes["5xx"],
        r.classes.error,
      ]),
    ),
  );
  const bust = load.rows.filter((r) => r.kind.endsWith("+bust")).reduce((a, r) => a + r.requests, 0);
  const anonGets = load.rows.filter((r) => /^(home|list|category|detail|search|api:|getImage)/.test(r.kind)).reduce((a, r) => a + r.requests, 0);
  log(`(latencies in ms; ${bust} of ${anonGets} anonymous GETs = ${fmt((100 * bust) / Math.max(1, anonGets), 0)} % carried cache-busting junk)`);
  log(
    `Rate limited (429) per kind: ${
      Object.entries(load.limited)
        .map(([k, n]) => `${k} ${n}`)
        .join(", ") || "none"
    }`,
  );
  log("");
  log("Audit");
  for (const c of checks) log(`  ${c.ok ? "ok  " : "FAIL"}  ${c.name}${c.detail ? `\n          ${c.detail}` : ""}`);
  const failed = checks.filter((c) => !c.ok);
  log(failed.length ? `\nAUDIT FAILED: ${failed.length} of ${checks.length} checks` : `\nAudit passed: ${checks.length} checks`);
  if (samples.errors.length) {
    log("\nFirst errors (5xx / network):");
    for (const e of samples.errors.slice(0, 10))
      log(`  ${e.at} ${e.phase} ${e.kind}: ${e.method} ${e.url} → ${e.status || e.error} ${e.body ? JSON.stringify(e.body.slice(0, 160)) : ""}`);
  }
  if (samples.unexpected.length) {
    log("\nFirst unexpected answers:");
    for (const u of samples.unexpected.slice(0, 10))
      log(`  ${u.at ?? ""} ${u.phase} ${u.kind}: ${u.note ?? `${u.method} ${u.url} → ${u.status} ${JSON.stringify(u.body?.slice(0, 160))}`}`);
  }
  if (own) log(`\nServer logs: ${own.logs.app}, ${own.logs.platform}`);
  // The closing line test runners print: what CI's log is read for.
  log(`soak audit: ${checks.length - failed.length} passed, ${failed.length} failed`);
  exitCode = failed.length ? 1 : 0;

  if (settings.json) {
    const file = path.resolve(root, settings.json);
    mkdirSync(path.dirname(file), { recursive: true });
    const out = {
      date: new Date().toISOString(),
      run: settings.run,
      seed: settings.seed,
      node: process.version,
      machine: {
        cpus: availableParallelism(),
        loadAverage1mStart: loadAtStart,
        loadAverage1mLoadStart: loadAvgBefore,
        loadAverage1mLoadEnd: loadAvgAfter,
        loadAverage1mEnd: loadavg()[0],
        soakCpuSeconds: generatorCpu,
        serverRssMb: { loadStart: memoryBefore, loadEnd: memoryAfter },
      },
      settings: {
        minutes: settings.minutes,
        clients: settings.clients,
        people: settings.people,
        posters: settings.posters,
        postsPerMinute: settings.postsPerMinute,
        bust: settings.bust,
        app: APP,
        platform: PLATFORM,
        reused: settings.reuse,
        settleSeconds: settings.settleMs / 1000,
        timeoutSeconds: settings.timeoutMs / 1000,
      },
      load: {
        seconds,
        requests: load.total,
        rps: load.total / seconds,
        p50: load.p50,
        p95: load.p95,
        p99: load.p99,
        max: load.max,
        classes: load.classes,
        limitedPerKind: load.limited,
        bustShare: bust / Math.max(1, anonGets),
        perKind: load.rows,
      },
      setup: { requests: setup.total, classes: setup.classes, perKind: setup.rows },
      activity: {
        webhooksCreated: world.hooks.filter((h) => h.id).length,
        webhooksDeleted: world.hooks.filter((h) => h.deletedAt).length,
        webhooksRefused: world.refusedHooks.length,
        incomingPosts: world.posts.length,
        incomingAccepted: world.posts.filter((p) => p.accepted).length,
        mentions: world.posts.filter((p) => p.accepted && p.mention).length,
        deliveriesReceived: world.deliveries.length,
        botAdds: world.botAdds.length,
        beacons: world.beacons,
        cron,
      },
      audit: { passed: failed.length === 0, checks },
      samples,
      totalSeconds: (Date.now() - runStarted) / 1000,
    };
    writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    log(`\nsoak: figures written to ${path.relative(root, file)}`);
  }

  // Reused servers: take away what the soak made (own servers' state is thrown away next run).
  if (settings.reuse && !settings.keep) {
    run.phase = "cleanup";
    let removed = 0;
    for (const h of world.hooks.filter((x) => x.id && !x.deletedAt)) {
      const person = people.find((p) => p.key === h.owner);
      if (!person) continue;
      const res = await request("cleanup", `${APP}/api/webhooks?webhookId=${h.id}&type=${h.kind}`, {
        method: "DELETE",
        headers: { ...XHR, Origin: APP, ...csrfHeader(person) },
        jar: person.jar,
        expect: [204],
      });
      if (res.status === 204) removed++;
    }
    log(`soak: removed the ${removed} webhooks it made on the reused servers (--keep keeps them)`);
  }
} catch (error) {
  process.stderr.write(`soak: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  exitCode = 2;
} finally {
  receiver?.server.close();
  if (servers.length) {
    await stopServers();
    log(
      `soak: stopped the servers it started (${servers.map((s) => s.child.pid).join(", ")}); whole run ${fmt((Date.now() - runStarted) / 1000, 0)} s; load average ${fmt(loadAtStart)} → ${fmt(loadavg()[0])} on ${availableParallelism()} CPUs`,
    );
  }
}
process.exit(exitCode);
