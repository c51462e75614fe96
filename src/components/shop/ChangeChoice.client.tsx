'use client';

import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';

import type { Locale } from '@/i18n/locales';

import { pageIsOutOfDate } from './change-answer';
import styles from './ChangeChoice.module.css';
import { DateStep, type CalendarView } from './booking-form/DateStep.client';
import { goToGateway, type GatewayForm } from './gateway-redirect';

/** `date` is the Madrid day ("YYYY-MM-DD") the calendar groups by; `day` its words. */
type Alternative = { id: number; date: string; day: string; time: string; free: number };
type Labels = {
  /** The booking form's calendar texts (messages shop.form). */
  calendar: Record<string, string>;
  /** "Departures on …", per Madrid day. */
  departuresOn: Record<string, string>;
  chooseTitle: string;
  chooseHelp: string;
  move: string;
  none: string;
  /** The disrupted visitor's second choice; absent for a change of date, which has only the first. */
  refund?: { title: string; help: string; button: string };
  full: string;
  working: string;
  error: string;
  free: Record<number, string>;
};

/**
 * A visitor's choice of another departure, phone first: every departure they could take on the
 * booking form's calendar (the soonest day open already), then large buttons, one tap each. A
 * disrupted visitor may take the refund instead (`move`); any other changes date or time (`date`),
 * and is carried to the bank when the new trip costs more, or to the new tickets (`done`). The
 * server decides (seats taken atomically); when the chosen departure just filled up the list
 * shrinks to what is still open and the visitor picks again.
 */
export function ChangeChoice(props: {
  locale: Locale;
  reference: string;
  firma: string;
  alternatives: Alternative[];
  labels: Labels;
  mode: 'move' | 'date';
  /** Where a changed date lands: the booking page with its new tickets. */
  done?: string;
}) {
  const router = useRouter();
  const [alternatives, setAlternatives] = useState(props.alternatives);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const first = props.alternatives[0]?.date ?? null;
  const last = props.alternatives.at(-1)?.date ?? null;
  const [date, setDate] = useState<string | null>(first);
  const [month, setMonth] = useState(() => (first ?? new Date().toISOString()).slice(0, 7));
  const { labels } = props;

  const view: CalendarView = useMemo(() => {
    const days = [...new Set(alternatives.map((a) => a.date))].map((d) => ({ date: d, bookable: true }));
    return {
      month,
      calendar: { days },
      loading: false,
      date,
      ...(last ? { lastMonth: last.slice(0, 7) } : {}),
      showMonth(by: number) {
        const [y, m] = month.split('-').map(Number) as [number, number];
        setMonth(new Date(Date.UTC(y, m - 1 + by, 1)).toISOString().slice(0, 7));
      },
      pickDate: setDate,
    };
  }, [alternatives, month, date, last]);
  const onDay = alternatives.filter((a) => a.date === date);

  async function choose(body: { choice: 'move' | 'date'; departure: number } | { choice: 'refund' }) {
    setBusy('departure' in body ? `move-${body.departure}` : 'refund');
    setMessage(null);
    try {
      const response = await fetch(`/api/shop/bookings/${encodeURIComponent(props.reference)}/change`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, firma: props.firma }),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        ok?: boolean;
        error?: string;
        alternatives?: { id: number }[];
        pay?: GatewayForm;
      };
      if (answer.ok && answer.pay) {
        goToGateway(answer.pay);
        return;
      }
      if (answer.ok && props.done) {
        window.location.assign(props.done);
        return;
      }
      if (answer.ok || pageIsOutOfDate(answer.error)) {
        router.refresh();
        return;
      }
      if (answer.error === 'full') {
        const open = new Set((answer.alternatives ?? []).map((a) => a.id));
        setAlternatives((current) => current.filter((a) => open.has(a.id)));
        setMessage(labels.full);
      } else {
        setMessage(labels.error);
      }
    } catch {
      setMessage(labels.error);
    }
    setBusy(null);
  }

  return (
    <div className={styles.choice}>
      {message ? (
        <p role="alert" className={styles.alert}>
          {message}
        </p>
      ) : null}
      <section aria-labelledby="choose-title">
        <h2 id="choose-title">{labels.chooseTitle}</h2>
        <p>{labels.chooseHelp}</p>
        {alternatives.length === 0 ? (
          <p>{labels.none}</p>
        ) : (
          <DateStep locale={props.locale} text={labels.calendar} availability={view} />
        )}
        {date && onDay.length > 0 ? <h3 className={styles.dayTitle}>{labels.departuresOn[date]}</h3> : null}
        <ul className={styles.list} aria-live="polite">
          {onDay.map((a) => (
            <li key={a.id} className={styles.item}>
              <span className={styles.when}>
                <strong>{a.day}</strong> · <strong>{a.time}</strong>
                <span className={styles.free}>{labels.free[a.id]}</span>
              </span>
              <button
                type="button"
                className={`button ${styles.big}`}
                disabled={busy !== null}
                onClick={() => choose({ choice: props.mode, departure: a.id })}
              >
                {busy === `move-${a.id}` ? labels.working : labels.move}
              </button>
            </li>
          ))}
        </ul>
      </section>
      {labels.refund ? (
        <section aria-labelledby="refund-title" className={styles.refund}>
          <h2 id="refund-title">{labels.refund.title}</h2>
          <p>{labels.refund.help}</p>
          <button
            type="button"
            className={`button button--secondary ${styles.big}`}
            disabled={busy !== null}
            onClick={() => choose({ choice: 'refund' })}
          >
            {busy === 'refund' ? labels.working : labels.refund.button}
          </button>
        </section>
      ) : null}
    </div>
  );
}
