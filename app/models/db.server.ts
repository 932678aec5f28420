// The request's handle on D1 (docs/decisions/017-d1-sessions-and-read-your-writes.md). Every read
// and write of a request goes through ONE D1 Sessions API session, so the request is sequentially
// consistent (a write it made is seen by its own later reads) even when its reads go to a replica.
// Model functions take `Db`, the part of the API a session and the plain binding share, so the Cron
// Trigger (which has no session and always reaches the primary) runs the same code with env.DB.

/** What model functions need of D1: a session (requests) or the binding itself (Cron Trigger). */
export type Db = Pick<D1Database, "prepare" | "batch">;

/** Where a request's session starts: a constraint, or a bookmark its reads must be at least as new as. */
export type SessionStart = "first-unconstrained" | "first-primary" | { bookmark: string };

export type RequestDb = {
  /** The session every statement of this request goes through. */
  readonly db: Db;
  /** How the session was opened (logged at debug level, and asserted by the integration tests). */
  readonly start: SessionStart;
  /** True once a statement that changes the database was prepared on it. */
  readonly wrote: () => boolean;
  /** The newest bookmark the session has seen (its own writes included), or null before any query. */
  readonly bookmark: () => string | null;
};

/**
 * Whether a statement changes the database. Decided from its text because D1 reports changes only
 * in `.run()`/`.all()` metadata, and writes here also use `.first()` (INSERT … RETURNING). Errs on
 * the side of "write": a false positive only carries a bookmark a little longer (harmless), a false
 * negative would lose read-your-writes.
 */
export function isWriteStatement(sql: string): boolean {
  const text = sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, " ").trimStart();
  const first = /^[a-z]+/i.exec(text)?.[0]?.toUpperCase() ?? "";
  if (first === "SELECT" || first === "EXPLAIN" || first === "VALUES") return false;
  // A CTE reads unless its main statement writes.
  if (first === "WITH") return /\b(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(text);
  return true;
}

/**
 * The request's D1 session, tracking whether anything wrote through it. Opened at the first
 * statement: a request that never touches D1 (and /healthz when the binding is missing, which it
 * reports) opens none.
 */
export function openRequestDb(database: D1Database, start: SessionStart): RequestDb {
  let session: D1DatabaseSession | null = null;
  const open = () => (session ??= database.withSession(typeof start === "string" ? start : start.bookmark));
  let wrote = false;
  const db: Db = {
    prepare(query) {
      if (!wrote && isWriteStatement(query)) wrote = true;
      return open().prepare(query);
    },
    batch: <T = unknown>(statements: D1PreparedStatement[]) => open().batch<T>(statements),
  };
  return { db, start, wrote: () => wrote, bookmark: () => session?.getBookmark() ?? null };
}

/** D1 bookmarks: fixed-width hex fields, so the newer of two compares greater as a string. */
export const BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export const newerBookmark = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a >= b ? a : b);
