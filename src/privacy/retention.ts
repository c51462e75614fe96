import type { Payload } from 'payload';

import { lastAudit, recordAudit } from '../audit/record';
import { ANONYMISED_EMAIL, anonymiseBooking } from '../operations/booking-actions';
import { bookingsDepartedBefore } from '../booking/bookings-repository';
import { iso, num, shopDb } from '../booking/db';

/**
 * Personal data is kept as long as the privacy policy says, then erased by the daily
 * `applyRetention` job: a booking's contact details five years after its departure (the
 * accounting record, amounts and tickets stay, as for an anonymisation on request), a school,
 * group, agency or contact request's two years after it was sent. Both periods are the ones the
 * published policy states; change them together with its text.
 */
export const BOOKING_RETENTION_YEARS = 5;
export const REQUEST_RETENTION_YEARS = 2;
const BATCH = 500;
/** The audit log's action for a run of the job: one entry per run, counts only. */
export const RETENTION_ACTION = 'privacy.retention';

export type RetentionRun = { at: string; bookings: number; requests: number };

function yearsBefore(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

export async function applyRetention(
  payload: Payload,
  now = new Date(),
): Promise<{ bookings: number; requests: number }> {
  const db = shopDb(payload);
  const references = await bookingsDepartedBefore(db, {
    departedBefore: yearsBefore(now, BOOKING_RETENTION_YEARS),
    exceptEmail: ANONYMISED_EMAIL,
    limit: BATCH,
  });
  let bookings = 0;
  for (const reference of references) {
    const done = await anonymiseBooking(payload, { reference, by: 'system:retention', now });
    if (done.ok) bookings++;
  }

  const stale = await db.query(
    `SELECT id FROM requests WHERE created_at < ? AND email <> ? ORDER BY id LIMIT ${BATCH}`,
    [iso(yearsBefore(now, REQUEST_RETENTION_YEARS)), ANONYMISED_EMAIL],
  );
  let requests = 0;
  for (const row of stale.rows) {
    const id = num(row.id);
    await db.transaction(async (tx) => {
      // What stays is what the office counts (kind, dates, group size, tour); who asked goes.
      await tx.query(
        `UPDATE requests SET title = ?, contact_name = ?, email = ?, phone = NULL, organisation = NULL,
           organisation_phone = NULL, agency_licence = NULL, grade = NULL, subject = NULL, message = NULL,
           staff_notes = NULL, updated_at = ?
         WHERE id = ?`,
        ['—', '—', ANONYMISED_EMAIL, iso(now), id],
      );
      await tx.query(`UPDATE email_log SET "to" = ?, text = '', updated_at = ? WHERE ref = ?`, [
        ANONYMISED_EMAIL,
        iso(now),
        `requests:${id}`,
      ]);
    });
    requests++;
  }
  // One entry per run, even when nothing was due: the office sees that the job runs at all.
  await recordAudit(payload, {
    actor: 'system:retention',
    action: RETENTION_ACTION,
    subject: 'job:applyRetention',
    after: { bookings, requests },
    at: now,
  });
  return { bookings, requests };
}

/** The job's last run and what it anonymised, for the today board (null: it never ran). */
export async function lastRetentionRun(payload: Payload): Promise<RetentionRun | null> {
  const entry = await lastAudit(payload, RETENTION_ACTION);
  if (!entry) return null;
  const after = (entry.after ?? {}) as { bookings?: unknown; requests?: unknown };
  return { at: entry.at.toISOString(), bookings: Number(after.bookings ?? 0), requests: Number(after.requests ?? 0) };
}
