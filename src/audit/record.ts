import type { Payload } from 'payload';

import { date, shopDb, str } from '@/booking/db';
import { findDeparture } from '@/booking/departures-repository';

export type AuditEntry = {
  /** `user:<id>`, `visitor`, `system`, or `system:<job>`. */
  actor: string;
  action: string;
  /** `booking:<reference>`, `departure:<id>`, `job:<slug>`… */
  subject: string;
  before?: object | null;
  after?: object | null;
  /** When the server recorded it. */
  at: Date;
};

/**
 * Appends one row to the audit log (src/collections/AuditLog.ts): straight SQL on the shop's
 * connection, because nobody, not even the system, may create one through Payload's API.
 * Identifiers, states and counts only: never personal data.
 */
export async function recordAudit(payload: Payload, entry: AuditEntry): Promise<void> {
  const at = entry.at.toISOString();
  await shopDb(payload).query(
    `INSERT INTO audit_log (actor, action, subject, before, after, updated_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [
      entry.actor,
      entry.action,
      entry.subject,
      entry.before ? JSON.stringify(entry.before) : null,
      entry.after ? JSON.stringify(entry.after) : null,
      at,
      at,
    ],
  );
}

/** The newest entry of an action, for boards that say when something last happened. */
export async function lastAudit(
  payload: Payload,
  action: string,
): Promise<{ actor: string; subject: string; after: unknown; at: Date } | null> {
  const { rows } = await shopDb(payload).query(
    `SELECT actor, subject, after, created_at FROM audit_log WHERE action = ? ORDER BY created_at DESC, id DESC LIMIT 1`,
    [action],
  );
  const row = rows[0];
  if (!row) return null;
  const after = typeof row.after === 'string' ? (JSON.parse(row.after) as unknown) : row.after;
  return {
    actor: str(row.actor),
    subject: str(row.subject),
    after: after ?? null,
    at: date(row.created_at),
  };
}

export type AuditRow = {
  id: number;
  actor: string;
  action: string;
  subject: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: Date;
};

const parsed = (value: unknown): Record<string, unknown> | null => {
  const v = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
};

/**
 * The office's reading of the log (src/components/admin/AuditView.tsx): one subject's entries
 * (a booking's), or one actor's between two instants (a staff member's day), oldest first.
 */
export async function auditEntries(
  payload: Payload,
  filter: { subject: string } | { actor: string; from: Date; to: Date },
  limit = 500,
): Promise<AuditRow[]> {
  const [where, params] =
    'subject' in filter
      ? ['subject = ?', [filter.subject]]
      : [
          'actor = ? AND created_at >= ? AND created_at < ?',
          [filter.actor, filter.from.toISOString(), filter.to.toISOString()],
        ];
  const { rows } = await shopDb(payload).query(
    `SELECT id, actor, action, subject, before, after, created_at FROM audit_log WHERE ${where}
     ORDER BY created_at, id LIMIT ${Math.trunc(limit)}`,
    params,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    actor: str(row.actor),
    action: str(row.action),
    subject: str(row.subject),
    before: parsed(row.before),
    after: parsed(row.after),
    at: date(row.created_at),
  }));
}

/** Who changed bookings' departures between two instants: visitors themselves, staff, resellers. */
export async function movesByWhom(
  payload: Payload,
  from: Date,
  to: Date,
): Promise<{ visitors: number; staff: number; resellers: number }> {
  const { rows } = await shopDb(payload).query(
    `SELECT actor, COUNT(*) AS n FROM audit_log
     WHERE action = 'booking.moved' AND created_at >= ? AND created_at < ? GROUP BY actor`,
    [from.toISOString(), to.toISOString()],
  );
  const counts = { visitors: 0, staff: 0, resellers: 0 };
  for (const row of rows) {
    const actor = str(row.actor);
    const n = Number(row.n);
    if (actor === 'visitor') counts.visitors += n;
    else if (actor.startsWith('reseller:')) counts.resellers += n;
    else counts.staff += n;
  }
  return counts;
}

/** The departure an entry names (a move's new one), as the audit page shows it; null if it is gone. */
export async function auditedDeparture(payload: Payload, departureId: number) {
  return findDeparture(shopDb(payload), departureId);
}

/**
 * The references of bookings that ever moved away from a departure, as the log's `booking.moved`
 * entries keep them (the tickets table keeps a ticket's booking, not the departure it was issued
 * for): the boarding list gives their old tickets' "replaced" answer to the crew's phone offline.
 */
export async function bookingsMovedFrom(payload: Payload, departureId: number): Promise<string[]> {
  const db = shopDb(payload);
  const from =
    db.kind === 'postgres' ? `before->>'departureId'` : `CAST(json_extract(before, '$.departureId') AS TEXT)`;
  const { rows } = await db.query(
    `SELECT DISTINCT subject FROM audit_log WHERE action = 'booking.moved' AND ${from} = ? ORDER BY subject`,
    [String(departureId)],
  );
  return rows
    .map((row) => str(row.subject))
    .filter((subject) => subject.startsWith('booking:'))
    .map((subject) => subject.slice('booking:'.length));
}
