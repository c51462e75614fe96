import type { SyncOutcome } from '@/operations/boarding-decision';

import type { Formats, Translate } from './boarding-text';
import styles from '../staff-app/staff-app.module.css';

/** Check-ins this phone made offline that the server decided otherwise, until the crew dismiss them. */
export function ConflictList({
  conflicts,
  t,
  time,
  onDismiss,
}: {
  conflicts: readonly SyncOutcome[];
  t: Translate;
  time: Formats['time'];
  onDismiss: () => void;
}) {
  if (conflicts.length === 0) return null;
  return (
    <section className={styles.conflicts} aria-live="polite">
      <p>{t('conflicts', { count: conflicts.length })}</p>
      <ul>
        {conflicts.map((c, i) => (
          <li key={`${c.code}-${i}`}>
            {t('conflictLine', { code: c.code, result: t(`result.${c.answer.result}`) })}
            {c.answer.result === 'already-boarded'
              ? ` — ${t('alreadyAt', { time: time.format(new Date(c.answer.at)), by: c.answer.by })}`
              : ''}
          </li>
        ))}
      </ul>
      <button type="button" className={styles.secondary} onClick={onDismiss}>
        {t('dismiss')}
      </button>
    </section>
  );
}
