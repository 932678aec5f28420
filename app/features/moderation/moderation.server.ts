// Reports of apps and a moderator's decisions on them (issue 15; migration 0013: app_reports,
// app_removals, moderation_log). Removing an app takes it out of every list, search and page
// (apps.listing = 2) and keeps it out across catalogue imports (the import reads app_removals);
// restoring puts it back as it was (listed, or deprecated).
import { LISTING } from "~/models/catalogue.server";
import type { Db } from "~/models/db.server";
import type { AppReportReason } from "./report-reasons";

export { APP_REPORT_REASONS, type AppReportReason } from "./report-reasons";

/** A person's report of an app; one open report per person per app (a repeat changes nothing). */
export async function reportApp(db: Db, report: { appId: string; userId: string; reason: AppReportReason; details: string }, now = new Date()): Promise<boolean> {
  const result = await db
    .prepare("INSERT INTO app_reports (app_id, user_id, reason, details, reported_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")
    .bind(report.appId, report.userId, report.reason, report.details, now.toISOString())
    .run();
  return (result.meta.changes ?? 0) > 0;
}

export type ReportedApp = {
  appId: string;
  appKey: string;
  name: string;
  companyName: string;
  removed: boolean;
  reports: { reason: AppReportReason; details: string; reportedAt: string }[];
};

/** Apps with open reports, most reported first; and apps a moderator removed (to restore them). */
export async function listReportedApps(db: Db, limit = 100): Promise<{ reported: ReportedApp[]; removed: ReportedApp[] }> {
  const [open, removed] = await db.batch([
    db
      .prepare(
        `SELECT r.app_id, coalesce(a.friendly_id, r.app_id) AS app_key, coalesce(a.name, r.app_id) AS name, coalesce(a.company_name, '') AS company_name,
                a.listing = ${LISTING.removed} AS removed,
                json_group_array(json_object('reason', r.reason, 'details', r.details, 'reportedAt', r.reported_at)) AS reports
         FROM app_reports r LEFT JOIN apps a ON a.id = r.app_id
         WHERE r.state = 'open' GROUP BY r.app_id ORDER BY count(*) DESC, max(r.reported_at) DESC LIMIT ?`,
      )
      .bind(limit),
    db
      .prepare(
        `SELECT m.app_id, coalesce(a.friendly_id, m.app_id) AS app_key, coalesce(a.name, m.app_id) AS name, coalesce(a.company_name, '') AS company_name,
                1 AS removed, json_array(json_object('reason', 'other', 'details', m.reason, 'reportedAt', m.removed_at)) AS reports
         FROM app_removals m LEFT JOIN apps a ON a.id = m.app_id ORDER BY m.removed_at DESC LIMIT ?`,
      )
      .bind(limit),
  ]);
  type Row = { app_id: string; app_key: string; name: string; company_name: string; removed: number | null; reports: string };
  const toApp = (r: Row): ReportedApp => ({
    appId: r.app_id,
    appKey: r.app_key,
    name: r.name,
    companyName: r.company_name,
    removed: r.removed === 1,
    reports: JSON.parse(r.reports) as ReportedApp["reports"],
  });
  return { reported: (open!.results as Row[]).map(toApp), removed: (removed!.results as Row[]).map(toApp) };
}

/**
 * A moderator's decision on an app: dismiss its open reports (it stays), remove it (its open reports
 * are closed as removed), or restore a removed app. Logged with who decided.
 */
export async function decideApp(db: Db, appId: string, decision: "dismiss" | "remove" | "restore", moderatorEmail: string, reason: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const log = db.prepare("INSERT INTO moderation_log (subject, subject_id, action, by_email, at) VALUES ('app', ?, ?, ?, ?)").bind(appId, decision, moderatorEmail, at);
  const close = (state: "dismissed" | "removed") =>
    db.prepare("UPDATE app_reports SET state = ?, decided_by = ?, decided_at = ? WHERE app_id = ? AND state = 'open'").bind(state, moderatorEmail, at, appId);
  switch (decision) {
    case "dismiss":
      await db.batch([close("dismissed"), log]);
      return;
    case "remove":
      await db.batch([
        close("removed"),
        db.prepare("INSERT INTO app_removals (app_id, reason, removed_by, removed_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING").bind(appId, reason, moderatorEmail, at),
        db.prepare(`UPDATE apps SET listing = ${LISTING.removed} WHERE id = ?`).bind(appId),
        log,
      ]);
      return;
    case "restore":
      await db.batch([
        db.prepare("DELETE FROM app_removals WHERE app_id = ?").bind(appId),
        db.prepare(`UPDATE apps SET listing = CASE WHEN deprecated = 1 THEN ${LISTING.deprecated} ELSE ${LISTING.listed} END WHERE id = ?`).bind(appId),
        log,
      ]);
      return;
  }
}
