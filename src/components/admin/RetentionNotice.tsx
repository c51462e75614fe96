import type { Locale } from '@/i18n/locales';
import type { OpsMessages } from '@/i18n/ops-messages';
import { fill, plural } from '@/lib/icu-lite';
import type { RetentionRun } from '@/privacy/retention';

import { dateTimeOf } from './format';
import './ops.css';

/** The job runs every night; a day and a half without a run means it is not running. */
const STALE_AFTER_MS = 36 * 3600_000;

/**
 * The personal-data retention job's last run on the today board (office and admin): when, on
 * Barcelona's clock, and how many bookings and requests it anonymised. Counts only: who they
 * were is exactly what the job erased.
 */
export function RetentionNotice({
  run,
  language,
  t,
  now,
}: {
  run: RetentionRun | null;
  language: Locale;
  t: OpsMessages;
  now: string;
}) {
  const r = t.retention;
  const stale = !run || Date.parse(now) - Date.parse(run.at) > STALE_AFTER_MS;
  return (
    <section className="ops-retention" aria-labelledby="ops-retention-title" data-testid="retention">
      <h2 id="ops-retention-title">{r.title}</h2>
      {run ? (
        <p>
          {fill(r.lastRun, {
            when: dateTimeOf(run.at, language),
            bookings: plural(r.bookings, run.bookings, language),
            requests: plural(r.requests, run.requests, language),
          })}
        </p>
      ) : (
        <p>{r.never}</p>
      )}
      {run && stale ? (
        <p className="ops-notice ops-notice--error" role="status">
          {r.stale}
        </p>
      ) : null}
    </section>
  );
}
