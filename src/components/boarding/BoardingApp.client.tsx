'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { createTranslator } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import type {
  BoardingDeparture,
  BoardingListEntry,
  BookingSummary,
  DepartureSummary,
  QueuedCheckIn,
  ScanAnswer,
  SyncOutcome,
} from '@/operations/boarding';
import type { Locale } from '@/i18n/locales';
import type en from '@/i18n/messages/boarding/en.json';

import { createScanner, type Scanner } from './camera-scanner.client';
import { feedback } from './feedback.client';
import styles from './boarding.module.css';

type Props = {
  locale: Locale;
  messages: typeof en;
  departures: BoardingDeparture[];
  staff: { id: number; name: string };
};

type StoredList = { departure: DepartureSummary; tickets: BoardingListEntry[]; fetchedAt: string };
type Shown = { answer: ScanAnswer; offline: boolean; key: number };
type Choice = { reference: string; code: string; tickets: BoardingListEntry[]; selected: string[] };

const KEY = 'golondrinas.boarding';
const listKey = (id: number) => `${KEY}.list.${id}`;
const queueKey = (id: number) => `${KEY}.queue.${id}`;

function load<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
function save(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only costs the offline mode; scanning online still works.
  }
}

/** Same reading as the server's normalizeCode (src/operations/boarding.ts). */
function normalize(raw: string): string {
  const last =
    raw
      .trim()
      .split(/[/?#=]/)
      .filter(Boolean)
      .pop() ?? '';
  return last.replace(/[\s-]/g, '').toUpperCase().slice(0, 64);
}

class OfflineError extends Error {}
class SignedOutError extends Error {}
const LOGIN = `/admin/login?redirect=${encodeURIComponent('/admin/boarding')}`;

async function api<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new OfflineError();
  }
  if (response.status === 401) throw new SignedOutError();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

export function BoardingApp({ locale, messages, departures: initialDepartures, staff }: Props) {
  const t = useMemo(() => createTranslator({ locale, messages, namespace: 'boarding' }), [locale, messages]);
  const time = useMemo(
    () => new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' }),
    [locale],
  );
  const day = useMemo(
    () => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }),
    [locale],
  );

  const [departures, setDepartures] = useState(initialDepartures);
  const [departureId, setDepartureId] = useState<number | null>(null);
  const [list, setList] = useState<StoredList | null>(null);
  const [queue, setQueue] = useState<QueuedCheckIn[]>([]);
  const [online, setOnline] = useState(true);
  const [shown, setShown] = useState<Shown | null>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [conflicts, setConflicts] = useState<SyncOutcome[]>([]);
  const [camera, setCamera] = useState<'off' | 'starting' | 'on' | 'unavailable'>('off');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const scannerRef = useRef<Scanner | null>(null);
  const lastRead = useRef<{ code: string; at: number }>({ code: '', at: 0 });
  const syncing = useRef(false);
  const router = useRouter();
  /** The session ends after a shift (8 h): back to the sign-in, which returns here. */
  const signedOut = useCallback(
    (error: unknown) => {
      if (error instanceof SignedOutError) router.push(LOGIN);
      return error instanceof SignedOutError;
    },
    [router],
  );

  // The camera is allowed only in documents served at /admin/boarding (Permissions-Policy, see
  // src/security/headers.ts). Arriving here by a client-side navigation (the sign-in page
  // redirects so) keeps the previous document and its policy: load this page for real.
  useEffect(() => {
    const [entry] = performance.getEntriesByType('navigation');
    if (entry && !new URL(entry.name).pathname.startsWith('/admin/boarding')) window.location.reload();
  }, []);

  // The phone remembers the departure it was boarding (a reload on the quay keeps the list).
  useEffect(() => {
    // Browser-only state (network, this phone's storage) is read once mounted, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOnline(navigator.onLine);
    const stored = Number(window.localStorage.getItem(`${KEY}.departure`));
    if (stored && (initialDepartures.some((d) => d.id === stored) || load<StoredList>(listKey(stored)))) {
      setDepartureId(stored);
    }
  }, [initialDepartures]);

  useEffect(() => {
    if (departureId === null) return;
    window.localStorage.setItem(`${KEY}.departure`, String(departureId));
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setList(load<StoredList>(listKey(departureId)));
    setQueue(load<QueuedCheckIn[]>(queueKey(departureId)) ?? []);
  }, [departureId]);

  // Only the newest list request may land: one that left before a scan would otherwise arrive
  // after it and show the scanned ticket as not on board until the next refresh, 20 s later.
  const listRequest = useRef(0);
  const refreshList = useCallback(async (id: number) => {
    const mine = ++listRequest.current;
    const body = await api<{ departure: DepartureSummary; tickets: BoardingListEntry[]; fetchedAt: string }>(
      `/api/boarding/departures/${id}/tickets`,
    );
    if (mine !== listRequest.current) return;
    const stored: StoredList = { departure: body.departure, tickets: body.tickets, fetchedAt: body.fetchedAt };
    save(listKey(id), stored);
    setList(stored);
    setOnline(true);
  }, []);

  const sendQueue = useCallback(
    async (id: number) => {
      const pending = load<QueuedCheckIn[]>(queueKey(id)) ?? [];
      if (pending.length === 0 || syncing.current) return;
      syncing.current = true;
      try {
        const body = await api<{ results: SyncOutcome[] }>('/api/boarding/sync', { departure: id, checkIns: pending });
        // Only what was sent leaves the queue: check-ins made while it was on its way stay.
        const rest = (load<QueuedCheckIn[]>(queueKey(id)) ?? []).slice(pending.length);
        save(queueKey(id), rest);
        setQueue(rest);
        const found = body.results.filter((r) => r.conflict);
        if (found.length > 0) setConflicts((previous) => [...previous, ...found]);
        await refreshList(id);
      } catch (error) {
        if (error instanceof OfflineError) setOnline(false);
        signedOut(error);
      } finally {
        syncing.current = false;
      }
    },
    [refreshList, signedOut],
  );

  // Keep the list fresh while online, and send the queue as soon as the network is back.
  useEffect(() => {
    if (departureId === null) return;
    const tick = () => {
      if (!navigator.onLine) return;
      void sendQueue(departureId)
        .then(() => refreshList(departureId))
        .catch((error: unknown) => {
          if (error instanceof OfflineError) setOnline(false);
          signedOut(error);
        });
    };
    tick();
    const timer = window.setInterval(tick, 20_000);
    const goOnline = () => {
      setOnline(true);
      tick();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [departureId, refreshList, sendQueue, signedOut]);

  const show = useCallback((answer: ScanAnswer, offline: boolean) => {
    setShown({ answer, offline, key: Date.now() });
    feedback(answer.result === 'boarded' ? 'good' : answer.result === 'already-boarded' ? 'warn' : 'bad');
  }, []);

  /** The answer from the phone's own list, when the server cannot be reached. */
  const answerOffline = useCallback(
    (scanned: string, chosen?: string[]): ScanAnswer => {
      if (!list || departureId === null) return { result: 'unknown', code: scanned };
      const byTicket = list.tickets.find((ticket) => ticket.code === scanned);
      const reference = byTicket?.reference ?? scanned;
      const ofBooking = list.tickets.filter((ticket) => ticket.reference === reference);
      if (ofBooking.length === 0) return { result: 'unknown', code: scanned };
      const kind = byTicket ? 'ticket' : 'booking';
      const wanted = byTicket ? [byTicket] : ofBooking.filter((ticket) => !chosen || chosen.includes(ticket.code));
      const summary = (tickets: BoardingListEntry[]): BookingSummary => ({
        reference,
        leadName: ofBooking[0]!.leadName,
        tickets: tickets
          .filter((ticket) => ticket.reference === reference)
          .map(({ code: c, category, checkedInAt, checkedInBy, checkedInById }) => ({
            code: c,
            category,
            checkedInAt,
            checkedInBy,
            checkedInById,
          })),
      });
      if (ofBooking[0]!.state === 'cancelled') {
        return { result: 'cancelled', scanned: kind, booking: summary(list.tickets), reason: 'cancelled' };
      }
      const toBoard = wanted.filter((ticket) => !ticket.checkedInAt);
      if (toBoard.length === 0) {
        const first = wanted.find((ticket) => ticket.checkedInAt)!;
        return {
          result: 'already-boarded',
          scanned: kind,
          booking: summary(list.tickets),
          at: first.checkedInAt!,
          by: first.checkedInBy ?? '',
        };
      }
      const at = new Date().toISOString();
      const codes = new Set(toBoard.map((ticket) => ticket.code));
      const tickets = list.tickets.map((ticket) =>
        codes.has(ticket.code)
          ? { ...ticket, state: 'boarded' as const, checkedInAt: at, checkedInBy: staff.name, checkedInById: staff.id }
          : ticket,
      );
      const updated = { ...list, tickets };
      save(listKey(departureId), updated);
      setList(updated);
      const pending = [
        ...(load<QueuedCheckIn[]>(queueKey(departureId)) ?? []),
        { code: scanned, ...(kind === 'booking' ? { tickets: [...codes] } : {}), scannedAt: at },
      ];
      save(queueKey(departureId), pending);
      setQueue(pending);
      return {
        result: 'boarded',
        scanned: kind,
        booking: summary(tickets),
        boarded: toBoard.map((ticket) => ({ code: ticket.code, category: ticket.category })),
        at,
        alreadyBoarded: wanted.filter((ticket) => ticket.checkedInAt).map((ticket) => ({ ...ticket })),
      };
    },
    [departureId, list, staff],
  );

  const submit = useCallback(
    async (scanned: string, chosen?: string[]) => {
      if (departureId === null) return;
      setBusy(true);
      try {
        if (!navigator.onLine) throw new OfflineError();
        const answer = await api<ScanAnswer & { ok: true }>('/api/boarding/scan', {
          code: scanned,
          departure: departureId,
          ...(chosen ? { tickets: chosen } : {}),
        });
        setOnline(true);
        show(answer, false);
        // Mirror the server's answer into the offline list.
        if ('booking' in answer && list && answer.result !== 'wrong-departure') {
          const states = new Map(answer.booking.tickets.map((ticket) => [ticket.code, ticket]));
          const tickets = list.tickets.map((ticket) => {
            const now = states.get(ticket.code);
            return now ? { ...ticket, ...now, state: now.checkedInAt ? ('boarded' as const) : ticket.state } : ticket;
          });
          const updated = { ...list, tickets };
          save(listKey(departureId), updated);
          setList(updated);
        }
        // The server's list after this check-in (the list may not have loaded yet when it was scanned).
        void refreshList(departureId).catch(() => {});
      } catch (error) {
        if (error instanceof OfflineError) {
          setOnline(false);
          show(answerOffline(scanned, chosen), true);
        } else if (!signedOut(error)) {
          feedback('bad');
          setShown(null);
          window.alert(t('error'));
        }
      } finally {
        setBusy(false);
      }
    },
    [answerOffline, departureId, list, refreshList, show, signedOut, t],
  );

  /** A booking's reference with several people still to board asks whom; anything else goes at once. */
  const handleCode = useCallback(
    (raw: string) => {
      const scanned = normalize(raw);
      if (!scanned) return;
      const ofBooking = list?.tickets.filter((ticket) => ticket.reference === scanned) ?? [];
      const waiting = ofBooking.filter((ticket) => !ticket.checkedInAt && ticket.state === 'valid');
      if (waiting.length > 1) {
        setChoice({ reference: scanned, code: scanned, tickets: waiting, selected: waiting.map((x) => x.code) });
        return;
      }
      void submit(scanned);
    },
    [list, submit],
  );

  // The camera loop outlives renders; it always calls the latest handler.
  const handleCodeRef = useRef(handleCode);
  useEffect(() => {
    handleCodeRef.current = handleCode;
  }, [handleCode]);

  const stopCamera = useCallback(() => {
    scannerRef.current?.stop();
    scannerRef.current = null;
    setCamera('off');
  }, []);

  const startCamera = useCallback(async () => {
    if (!videoRef.current) return;
    feedback('unlock');
    setCamera('starting');
    try {
      scannerRef.current = await createScanner(videoRef.current, (read) => {
        // The same QR stays in view for a while: one answer per code every few seconds.
        const now = Date.now();
        if (read === lastRead.current.code && now - lastRead.current.at < 4000) return;
        lastRead.current = { code: read, at: now };
        handleCodeRef.current(read);
      });
      setCamera('on');
    } catch {
      setCamera('unavailable');
    }
  }, []);
  useEffect(() => () => scannerRef.current?.stop(), []);

  const pick = (id: number) => {
    feedback('unlock');
    setShown(null);
    setDepartureId(id);
  };

  const current = list?.departure ?? departures.find((d) => d.id === departureId) ?? null;
  const boarded = list ? list.tickets.filter((ticket) => ticket.state === 'boarded').length : 0;
  const sold = list ? list.tickets.filter((ticket) => ticket.state !== 'cancelled').length : 0;

  if (departureId === null || !current) {
    return (
      <main className={styles.page}>
        <header className={styles.header}>
          <h1 className={styles.title}>{t('title')}</h1>
          <Link className={styles.link} href="/admin">
            {t('backOffice')}
          </Link>
        </header>
        <h2 className={styles.subtitle}>{t('pickDeparture')}</h2>
        {departures.length === 0 ? <p className={styles.note}>{t('noDepartures')}</p> : null}
        <ul className={styles.departures}>
          {departures.map((d) => (
            <li key={d.id}>
              <button type="button" className={styles.departure} onClick={() => pick(d.id)}>
                <span className={styles.departureTime}>{d.time}</span>
                <span className={styles.departureTour}>{d.tour}</span>
                <span className={styles.departureMeta}>
                  {d.boat} · {t('onBoard', { boarded: d.boarded, sold: d.seatsSold })}
                  {d.status === 'cancelled' ? ` · ${t('departureCancelled')}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </main>
    );
  }

  const answer = shown?.answer;
  const tone = !answer
    ? ''
    : answer.result === 'boarded'
      ? styles.good
      : answer.result === 'already-boarded'
        ? styles.warn
        : styles.bad;

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <div>
          <p className={styles.departureTitle}>
            {current.time} · {current.tour}
          </p>
          <p className={styles.count} data-testid="on-board">
            {t('onBoard', { boarded, sold })}
          </p>
        </div>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            stopCamera();
            setDepartureId(null);
            window.localStorage.removeItem(`${KEY}.departure`);
            void api<{ departures: BoardingDeparture[] }>('/api/boarding/departures')
              .then((body) => setDepartures(body.departures))
              .catch(() => {});
          }}
        >
          {t('changeDeparture')}
        </button>
      </header>

      <p className={online ? styles.online : styles.offline} role="status" data-testid="network">
        {online ? t('online') : t('offline')}
        {queue.length > 0 ? ` · ${t('pending', { count: queue.length })}` : ''}
      </p>
      {queue.length > 0 && online ? (
        <button type="button" className={styles.secondary} onClick={() => void sendQueue(departureId)}>
          {t('sendNow')}
        </button>
      ) : null}

      {conflicts.length > 0 ? (
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
          <button type="button" className={styles.secondary} onClick={() => setConflicts([])}>
            {t('dismiss')}
          </button>
        </section>
      ) : null}

      <section
        className={`${styles.answer} ${tone}`}
        aria-live="assertive"
        data-testid="answer"
        data-result={answer?.result}
      >
        {answer ? (
          <>
            <p className={styles.answerTitle}>
              <span aria-hidden="true">
                {answer.result === 'boarded' ? '✓ ' : answer.result === 'already-boarded' ? '! ' : '✕ '}
              </span>
              {t(`result.${answer.result}`)}
            </p>
            <AnswerDetail answer={answer} t={t} time={time} day={day} />
            {shown?.offline ? (
              <p className={styles.answerNote}>
                {answer.result === 'unknown' ? t('unknownOffline') : t('offlineAnswer')}
              </p>
            ) : null}
          </>
        ) : (
          <p className={styles.answerIdle}>{t('pointCamera')}</p>
        )}
      </section>

      <div className={styles.camera} hidden={camera === 'off' || camera === 'unavailable'}>
        <video ref={videoRef} className={styles.video} muted playsInline />
      </div>
      {camera === 'unavailable' ? <p className={styles.note}>{t('cameraUnavailable')}</p> : null}
      {camera === 'starting' ? <p className={styles.note}>{t('cameraStarting')}</p> : null}
      <button
        type="button"
        className={styles.primary}
        onClick={() => (camera === 'on' ? stopCamera() : void startCamera())}
      >
        {camera === 'on' ? t('stopCamera') : t('scan')}
      </button>

      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          feedback('unlock');
          handleCode(code);
          setCode('');
        }}
      >
        <label className={styles.label} htmlFor="boarding-code">
          {t('codeLabel')}
        </label>
        <input
          id="boarding-code"
          className={styles.input}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          inputMode="text"
        />
        <button type="submit" className={styles.primary} disabled={busy || normalize(code) === ''}>
          {t('check')}
        </button>
      </form>

      {list ? <p className={styles.note}>{t('listUpdated', { time: time.format(new Date(list.fetchedAt)) })}</p> : null}

      {choice ? (
        <div className={styles.sheet} role="dialog" aria-modal="true" aria-labelledby="boarding-choice">
          <h2 id="boarding-choice" className={styles.subtitle}>
            {t('chooseWho', { reference: choice.reference })}
          </h2>
          <p>{choice.tickets[0]?.leadName}</p>
          <ul className={styles.choices}>
            {choice.tickets.map((ticket) => (
              <li key={ticket.code}>
                <label className={styles.choice}>
                  <input
                    type="checkbox"
                    checked={choice.selected.includes(ticket.code)}
                    onChange={(event) =>
                      setChoice({
                        ...choice,
                        selected: event.target.checked
                          ? [...choice.selected, ticket.code]
                          : choice.selected.filter((c) => c !== ticket.code),
                      })
                    }
                  />
                  {t(`category.${ticket.category}`)} · {ticket.code.slice(-6)}
                </label>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={styles.primary}
            disabled={choice.selected.length === 0}
            onClick={() => {
              const { code: chosenCode, selected } = choice;
              setChoice(null);
              void submit(chosenCode, selected);
            }}
          >
            {t('boardSelected', { count: choice.selected.length })}
          </button>
          <button type="button" className={styles.secondary} onClick={() => setChoice(null)}>
            {t('cancel')}
          </button>
        </div>
      ) : null}
    </main>
  );
}

type Translate = ReturnType<typeof createTranslator<typeof en, 'boarding'>>;

function AnswerDetail({
  answer,
  t,
  time,
  day,
}: {
  answer: ScanAnswer;
  t: Translate;
  time: Intl.DateTimeFormat;
  day: Intl.DateTimeFormat;
}) {
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
