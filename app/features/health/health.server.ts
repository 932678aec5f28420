// Health of the services App Hub depends on (spec §7 "upstream services checked for health", §9
// "health monitor interval 60000 ms"). The cron trigger (workers/health.ts) checks them all every
// minute and records the results in D1; /healthz reports them, re-checking D1 and KV live.
// Required services (the site cannot serve pages without them): D1 and KV. Optional: the
// platform API (only login and My Integrations need it) and the content store (docs/decisions/009).

export type ServiceName = "d1" | "kv" | "platform" | "content";
export const REQUIRED_SERVICES: readonly ServiceName[] = ["d1", "kv"];

export type ServiceHealth = { ok: boolean; latencyMs: number; checkedAt: string; error?: string; stale?: boolean };
export type HealthReport = { status: "ok" | "degraded" | "down"; services: Partial<Record<ServiceName, ServiceHealth>> };

/** A platform answer slower than this counts as down: the check must finish well inside a minute. */
export const PLATFORM_CHECK_TIMEOUT_MS = 5_000;
/** A recorded result older than three cron intervals is reported as stale (the cron stopped?). */
const STALE_AFTER_MS = 3 * 60_000;

type Bindings = { DB: D1Database; KV: KVNamespace };

async function timed(check: () => Promise<void>, now: () => number = Date.now): Promise<ServiceHealth> {
  const started = now();
  try {
    await check();
    return { ok: true, latencyMs: now() - started, checkedAt: new Date().toISOString() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, latencyMs: now() - started, checkedAt: new Date().toISOString(), error: message.slice(0, 200) };
  }
}

export const checkD1 = (env: Bindings) =>
  timed(async () => {
    const row = await env.DB.prepare("SELECT 1 AS ok").first<{ ok: number }>();
    if (row?.ok !== 1) throw new Error("SELECT 1 returned no row");
  });

/** A read of a key that may not exist: a null answer is a healthy answer. */
export const checkKV = (env: Bindings) => timed(async () => void (await env.KV.get("health-probe")));

/**
 * An unauthenticated GET of people/me: any answer below 500 (401 expected) means the platform is
 * up and answering; 5xx, a network failure or no answer in time mean down.
 */
export const checkPlatform = (apiBase: string, fetcher: typeof fetch = fetch) =>
  timed(async () => {
    const res = await fetcher(`${apiBase}/people/me`, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(PLATFORM_CHECK_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status >= 500) throw new Error(`people/me answered ${res.status}`);
  });

/** The content store's table (migrations/0006_content.sql, owned by the content feature). */
const CONTENT_TABLE = "content_entries";

/** A read of the content store; null (not reported) while its table does not exist. */
export async function checkContent(env: Bindings): Promise<ServiceHealth | null> {
  try {
    const row = await env.DB.prepare("SELECT 1 AS present FROM sqlite_master WHERE type = 'table' AND name = ?1").bind(CONTENT_TABLE).first();
    if (!row) return null;
  } catch {
    return null; // D1 itself is down; its own check says so.
  }
  return timed(async () => void (await env.DB.prepare(`SELECT 1 FROM ${CONTENT_TABLE} LIMIT 1`).all()));
}

/** Every check, concurrently (the cron run). */
export async function runHealthChecks(env: Bindings, platformApiBase: string, fetcher: typeof fetch = fetch) {
  const [d1, kv, platform, content] = await Promise.all([checkD1(env), checkKV(env), checkPlatform(platformApiBase, fetcher), checkContent(env)]);
  const services: Partial<Record<ServiceName, ServiceHealth>> = { d1, kv, platform };
  if (content) services.content = content;
  return services;
}

/** Latest state per service (upsert). */
export async function recordHealth(db: D1Database, services: Partial<Record<ServiceName, ServiceHealth>>): Promise<void> {
  await db.batch(
    Object.entries(services).map(([service, h]) =>
      db
        .prepare(
          "INSERT INTO health_checks (service, ok, latency_ms, checked_at, error) VALUES (?1, ?2, ?3, ?4, ?5) " +
            "ON CONFLICT (service) DO UPDATE SET ok = excluded.ok, latency_ms = excluded.latency_ms, checked_at = excluded.checked_at, error = excluded.error",
        )
        .bind(service, h.ok ? 1 : 0, h.latencyMs, h.checkedAt, h.error ?? null),
    ),
  );
}

export async function readRecordedHealth(db: D1Database, now = Date.now()): Promise<Partial<Record<ServiceName, ServiceHealth>>> {
  const { results } = await db
    .prepare("SELECT service, ok, latency_ms, checked_at, error FROM health_checks")
    .all<{ service: ServiceName; ok: number; latency_ms: number; checked_at: string; error: string | null }>();
  const out: Partial<Record<ServiceName, ServiceHealth>> = {};
  for (const r of results) {
    out[r.service] = {
      ok: r.ok === 1,
      latencyMs: r.latency_ms,
      checkedAt: r.checked_at,
      ...(r.error ? { error: r.error } : {}),
      ...(now - Date.parse(r.checked_at) > STALE_AFTER_MS ? { stale: true } : {}),
    };
  }
  return out;
}

export function overallStatus(services: Partial<Record<ServiceName, ServiceHealth>>): HealthReport["status"] {
  if (REQUIRED_SERVICES.some((name) => services[name]?.ok !== true)) return "down";
  return Object.values(services).every((s) => s.ok) ? "ok" : "degraded";
}

/**
 * What /healthz answers: live D1 and KV checks (correct before the first cron run) over the
 * recorded platform and content results. 503 when a required service is down.
 */
export async function healthReport(env: Bindings): Promise<{ report: HealthReport; httpStatus: 200 | 503 }> {
  const [d1, kv] = await Promise.all([checkD1(env), checkKV(env)]);
  const recorded = d1.ok ? await readRecordedHealth(env.DB).catch(() => ({})) : {};
  const services: Partial<Record<ServiceName, ServiceHealth>> = { ...recorded, d1, kv };
  const status = overallStatus(services);
  return { report: { status, services }, httpStatus: status === "down" ? 503 : 200 };
}
