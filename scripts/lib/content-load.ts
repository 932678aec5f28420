// Content seed files (content/*.json) → validated entries → SQL that makes D1's content_entries
// exactly what the files say. Shared by `npm run content:load` (scripts/load-content.ts, through
// wrangler) and the integration harness (through a D1 binding), so both refuse the same files.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { contentBodySchemas, contentFileSchema, isContentType, MAIN_KEY, MULTI_ENTRY_TYPES, type ContentType } from "../../app/models/content.ts";
import type { SqlStatement } from "./catalogue-sql.ts";

export class ContentLoadError extends Error {
  override name = "ContentLoadError";
}

/** A seed file as read: its path (for messages) and its parsed JSON. */
export type ContentSource = { file: string; json: unknown };

export type ValidEntry = { type: ContentType; key: string; version: number; body: string; position: number; file: string; index: number };

/** Reads every *.json file of a folder (sorted), refusing one that is not JSON. */
export function readContentDir(dir: string): ContentSource[] {
  const rel = (f: string) => path.relative(process.cwd(), path.join(dir, f)) || f;
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const text = readFileSync(path.join(dir, f), "utf8");
      try {
        return { file: rel(f), json: JSON.parse(text) as unknown };
      } catch (error) {
        throw new ContentLoadError(`${rel(f)}: not valid JSON: ${(error as Error).message}`);
      }
    });
}

const where = (issuePath: readonly (string | number)[]) =>
  issuePath.reduce<string>((out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${part}` : part), "");

/**
 * Validates every file before anything is written. Throws a ContentLoadError naming the file, the
 * entry (index and key) and the field, e.g.
 * `content/announcement.json: entries[0] (main): body.publishDetails.time: Invalid datetime`.
 */
export function validateContent(sources: readonly ContentSource[]): ValidEntry[] {
  const out: ValidEntry[] = [];
  const typesSeen = new Map<string, string>();
  for (const { file, json } of sources) {
    const top = contentFileSchema.safeParse(json);
    if (!top.success) {
      const issue = top.error.issues[0]!;
      // Name the entry when the problem is inside one (a bad key or version).
      const [list, index] = issue.path;
      const entry = list === "entries" && typeof index === "number" ? describeEntry(json, index) : "";
      throw new ContentLoadError(`${file}: ${entry}${where(issue.path) || "(file)"}: ${issue.message}`);
    }
    const { type, entries } = top.data;
    if (!isContentType(type)) {
      throw new ContentLoadError(`${file}: type: "${type}" is not a content type (one of ${Object.keys(contentBodySchemas).join(", ")})`);
    }
    const other = typesSeen.get(type);
    if (other) throw new ContentLoadError(`${file}: type: "${type}" is already loaded from ${other}`);
    typesSeen.set(type, file);
    const keys = new Set<string>();
    entries.forEach((entry, index) => {
      const label = `${file}: entries[${index}] (${entry.key})`;
      if (keys.has(entry.key)) throw new ContentLoadError(`${label}: key: "${entry.key}" appears twice`);
      keys.add(entry.key);
      if (!MULTI_ENTRY_TYPES.includes(type) && entry.key !== MAIN_KEY) {
        throw new ContentLoadError(`${label}: key: a ${type} entry must have the key "${MAIN_KEY}"`);
      }
      const parsed = contentBodySchemas[type].safeParse(entry.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new ContentLoadError(`${label}: ${where(["body", ...issue.path])}: ${issue.message}`);
      }
      // A modal's cookie is keyed by its modal_id (spec §4), so the entry's key is that id.
      if (type === "app-hub-modal" && (parsed.data as { modal_id: string }).modal_id !== entry.key) {
        throw new ContentLoadError(`${label}: body.modal_id: must equal the entry's key "${entry.key}"`);
      }
      out.push({ type, key: entry.key, version: entry.version, body: JSON.stringify(parsed.data), position: index, file, index });
    });
  }
  return out;
}

function describeEntry(json: unknown, index: number): string {
  const entries = (json as { entries?: unknown[] } | null)?.entries;
  const key = (entries?.[index] as { key?: unknown } | undefined)?.key;
  return typeof key === "string" ? `entries[${index}] (${key}): ` : "";
}

export type StoredEntry = { type: string; key: string; version: number; body: string };

/**
 * Versions: an entry whose body changed must carry a higher version than the stored one, and a
 * version never goes down, so a stale copy of a file cannot silently overwrite newer content.
 */
export function checkVersions(entries: readonly ValidEntry[], stored: readonly StoredEntry[]): void {
  const byId = new Map(stored.map((s) => [`${s.type}\u0000${s.key}`, s]));
  for (const e of entries) {
    const old = byId.get(`${e.type}\u0000${e.key}`);
    if (!old) continue;
    const label = `${e.file}: entries[${e.index}] (${e.key}): version`;
    if (e.version < old.version) throw new ContentLoadError(`${label}: ${e.version} is lower than the stored version ${old.version}`);
    if (e.version === old.version && !sameJson(e.body, old.body)) {
      throw new ContentLoadError(`${label}: the body changed but the version is still ${e.version}; raise it to ${old.version + 1}`);
    }
  }
}

function sameJson(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}

/**
 * Statements that make content_entries equal the files: entries of types or keys no longer in the
 * files are deleted, the rest upserted. updated_at changes only for an entry whose version moved.
 */
export function contentStatements(entries: readonly ValidEntry[], now: string): SqlStatement[] {
  const types = [...new Set(entries.map((e) => e.type))];
  const statements: SqlStatement[] = [{ sql: "DELETE FROM content_entries WHERE type NOT IN (SELECT value FROM json_each(?))", params: [JSON.stringify(types)] }];
  for (const type of types) {
    const keys = entries.filter((e) => e.type === type).map((e) => e.key);
    statements.push({
      sql: "DELETE FROM content_entries WHERE type = ? AND key NOT IN (SELECT value FROM json_each(?))",
      params: [type, JSON.stringify(keys)],
    });
  }
  for (const e of entries) {
    statements.push({
      sql:
        "INSERT INTO content_entries (type, key, version, body, position, updated_at) VALUES (?, ?, ?, ?, ?, ?) " +
        "ON CONFLICT (type, key) DO UPDATE SET body = excluded.body, position = excluded.position, " +
        "updated_at = CASE WHEN content_entries.version = excluded.version THEN content_entries.updated_at ELSE excluded.updated_at END, " +
        "version = excluded.version",
      params: [e.type, e.key, e.version, e.body, e.position, now],
    });
  }
  return statements;
}

/** The version edge-cache keys carry for content: a hash of every entry, so any change is a new one. */
export function contentVersion(entries: readonly ValidEntry[]): string {
  const hash = createHash("sha256");
  for (const e of entries) hash.update(`${e.type}\u0000${e.key}\u0000${e.version}\u0000${e.body}\u0000`);
  return hash.digest("hex").slice(0, 12);
}

/** KV key of the content version (workers/catalogue-version.ts folds it into the cache version). */
export const CONTENT_VERSION_KEY = "content-version";
