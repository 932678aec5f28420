// The organisation's audit log as a table (./audit-view.server.ts gives the rows in words): on the
// admin page (the latest entries) and on the audit log's own page (./AuditLogPage.tsx).
import { ActorName } from "~/components/Actor";
import type { AuditLine, AuditPiece } from "./audit-view.server";
import * as s from "./OrgPolicy.css";
import { formatDate } from "~/lib/format-date";

/** The audit log's columns, in order. */
const AUDIT_COLUMNS = ["When", "Who", "What", "Details"] as const;

/** One piece of an audit row's details: text, or an app by name, linked where listed. */
function AuditPieceView({ piece }: { piece: AuditPiece }) {
  if (piece.kind === "text") return <>{piece.text}</>;
  return piece.path ? <a href={piece.path}>{piece.name}</a> : piece.name;
}

function AuditDetails({ pieces }: { pieces: AuditPiece[] }) {
  return pieces.map((piece, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a row's pieces are a fixed sentence; they never reorder
    <AuditPieceView key={i} piece={piece} />
  ));
}

export function AuditTable({ lines, caption }: { lines: AuditLine[]; caption?: string }) {
  return (
    <div className={s.tableWrap}>
      {/* Explicit roles: the phone layout changes the rows' display, which would drop the table's semantics (OrgPolicy.css.ts). */}
      <table role="table" className={`${s.table} ${s.auditTable}`}>
        {caption ? <caption className={s.muted}>{caption}</caption> : null}
        <thead role="rowgroup">
          <tr role="row">
            {AUDIT_COLUMNS.map((name) => (
              <th key={name} scope="col" role="columnheader">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {lines.map((a) => (
            <tr key={a.id} role="row">
              <td role="cell">{formatDate(a.at)}</td>
              <td role="cell">
                <ActorName actor={a.actor} />
              </td>
              <td role="cell">{a.what}</td>
              <td role="cell">
                <AuditDetails pieces={a.details} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
