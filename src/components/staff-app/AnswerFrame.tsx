import type { ReactNode } from 'react';

import styles from './staff-app.module.css';

export type AnswerTone = 'good' | 'warn' | 'bad';

const marks: Record<AnswerTone, string> = { good: '✓ ', warn: '! ', bad: '✕ ' };

/**
 * The last scan's answer on a scanning screen (boarding, the partner's door), big and coloured:
 * green let in, amber already in, red refused; or, before the first scan, what to do.
 */
export function AnswerFrame({
  shown,
  tone,
  title,
  detail,
  t,
}: {
  /** The last answer's result and whether the phone gave it from its own list, offline. */
  shown: { result: string; offline: boolean } | null;
  tone: AnswerTone;
  title: string;
  detail: ReactNode;
  t: (key: 'pointCamera' | 'unknownOffline' | 'offlineAnswer') => string;
}) {
  return (
    <section
      className={`${styles.answer} ${shown ? styles[tone] : ''}`}
      aria-live="assertive"
      data-testid="answer"
      data-result={shown?.result}
    >
      {shown ? (
        <>
          <p className={styles.answerTitle}>
            <span aria-hidden="true">{marks[tone]}</span>
            {title}
          </p>
          {detail}
          {shown.offline ? (
            <p className={styles.answerNote}>{shown.result === 'unknown' ? t('unknownOffline') : t('offlineAnswer')}</p>
          ) : null}
        </>
      ) : (
        <p className={styles.answerIdle}>{t('pointCamera')}</p>
      )}
    </section>
  );
}
