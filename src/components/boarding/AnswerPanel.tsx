import type { ScanAnswer } from '@/operations/boarding-decision';

import type { Formats, Translate } from './boarding-text';
import { AnswerFrame } from '../staff-app/AnswerFrame';
import styles from '../staff-app/staff-app.module.css';

/** The last scan's answer: green boarded, amber already on board, red refused. */
export function AnswerPanel({
  shown,
  t,
  formats,
}: {
  shown: { answer: ScanAnswer; offline: boolean } | null;
  t: Translate;
  formats: Formats;
}) {
  const answer = shown?.answer;
  return (
    <AnswerFrame
      shown={answer ? { result: answer.result, offline: shown.offline } : null}
      tone={answer?.result === 'boarded' ? 'good' : answer?.result === 'already-boarded' ? 'warn' : 'bad'}
      title={answer ? t(`result.${answer.result}`) : ''}
      detail={answer ? <AnswerDetail answer={answer} t={t} formats={formats} /> : null}
      t={t}
    />
  );
}

function AnswerDetail({ answer, t, formats }: { answer: ScanAnswer; t: Translate; formats: Formats }) {
  const { time, day } = formats;
  if (answer.result === 'unknown') return <p className={styles.answerText}>{t('unknownDetail')}</p>;
  if (answer.result === 'not-today') {
    const { departure } = answer;
    return (
      <p className={styles.answerText}>
        {t('notTodayDetail', {
          tour: departure.tour,
          date: day.format(new Date(`${departure.date}T12:00:00Z`)),
          time: departure.time,
        })}
      </p>
    );
  }
  if (answer.result === 'replaced') {
    const { departure } = answer;
    return (
      <>
        {answer.booking ? <p className={styles.answerLead}>{answer.booking.leadName}</p> : null}
        <p className={styles.answerText}>
          {t('replacedDetail', {
            tour: departure.tour,
            date: day.format(new Date(`${departure.date}T12:00:00Z`)),
            time: departure.time,
          })}
        </p>
      </>
    );
  }
  const lead = <p className={styles.answerLead}>{answer.booking.leadName}</p>;
  if (answer.result === 'boarded') {
    const counts = new Map<string, number>();
    for (const ticket of answer.boarded) counts.set(ticket.category, (counts.get(ticket.category) ?? 0) + 1);
    return (
      <>
        {lead}
        <p className={styles.answerText}>
          {t('boardedPeople', { count: answer.boarded.length })}:{' '}
          {[...counts].map(([category, n]) => `${n} × ${t(`category.${category as 'adult'}`)}`).join(', ')}
        </p>
        <p className={styles.answerText}>{time.format(new Date(answer.at))}</p>
        {answer.alreadyBoarded.length > 0 ? (
          <p className={styles.answerText}>{t('alreadyBefore', { count: answer.alreadyBoarded.length })}</p>
        ) : null}
      </>
    );
  }
  if (answer.result === 'already-boarded') {
    return (
      <>
        {lead}
        <p className={styles.answerText}>{t('alreadyAt', { time: time.format(new Date(answer.at)), by: answer.by })}</p>
      </>
    );
  }
  if (answer.result === 'wrong-departure') {
    const { departure } = answer;
    return (
      <>
        {lead}
        <p className={styles.answerText}>
          {t('wrongDetail', {
            tour: departure.tour,
            date: day.format(new Date(`${departure.date}T12:00:00Z`)),
            time: departure.time,
          })}
        </p>
      </>
    );
  }
  return (
    <>
      {lead}
      <p className={styles.answerText}>{t(`reason.${answer.reason}`)}</p>
    </>
  );
}
