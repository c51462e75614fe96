'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import {
  applyAnswer,
  applySync,
  fullCode,
  normalizeCode,
  repeatedAnswer,
  scanKey,
  scanOffline,
  waitingToBoard,
  type BoardingDeparture,
  type QueuedCheckIn,
  type ScanAnswer,
  type SyncOutcome,
} from '@/operations/boarding-decision';
import { madridClock } from '@/i18n/clock';
import { madridToday } from '@/i18n/time';
import { localeInfo, type Locale } from '@/i18n/locales';
import { OPERATOR_TIME_ZONE } from '@/lib/operator';
import { BOARDING_PATH, signInHref } from '@/lib/staff-app';

import { AnswerPanel } from './AnswerPanel';
import { feedback } from '../staff-app/feedback.client';
import { useOfflineQueue } from '../staff-app/offline-queue.client';
import { api, OfflineError, SignedOutError } from '../staff-app/staff-api.client';
import { staffTranslator } from '../staff-app/staff-text';
import { ScanControls } from '../staff-app/ScanControls';
import { useCamera } from '../staff-app/use-camera.client';
import { useOfflineApp } from '../staff-app/use-offline-app.client';
import styles from '../staff-app/staff-app.module.css';

import {
  boardingQueueKey,
  forgetListsOtherThan,
  listFrom,
  rememberDeparture,
  rememberedDeparture,
  storedList,
  storeList,
  type StoredList,
} from './boarding-storage.client';
import type { BoardingMessages, Formats } from './boarding-text';
import { ChooseWho, type Choice } from './ChooseWho';
import { ConflictList } from './ConflictList';
import { departureFromAddress, DeparturePicker } from './DeparturePicker';
import { useManifest } from './use-manifest.client';

type Props = {
  locale: Locale;
  messages: BoardingMessages;
  departures: BoardingDeparture[];
  staff: { id: number; name: string; role: string };
};

type Shown = { answer: ScanAnswer; offline: boolean; key: number };

/** A departure's check-ins made offline, sent to the server once it can be reached (idempotent). */
const postCheckIns = async (id: number, checkIns: QueuedCheckIn[]) =>
  (await api<{ results: SyncOutcome[] }>('/api/boarding/sync', { departure: id, checkIns })).results;

/**
 * The crew's phone at the gangway (/staff/boarding): pick today's departure, then scan or type
 * codes. Online the server decides; offline the phone decides alike from the departure's list it
 * keeps (src/operations/boarding-decision.ts) and queues the check-ins for the server.
 */
export function BoardingApp({ locale, messages, departures: initialDepartures, staff }: Props) {
  const t = useMemo(() => staffTranslator(locale, messages.boarding), [locale, messages]);
  const formats: Formats = useMemo(
    () => ({
      time: madridClock(locale),
      day: new Intl.DateTimeFormat(localeInfo[locale].iso, {
        timeZone: 'UTC',
        weekday: 'short',
        day: 'numeric',
        month: 'short',
      }),
      // When the list was fetched: the day too, as a phone may open yesterday's list offline.
      fetched: new Intl.DateTimeFormat(localeInfo[locale].iso, {
        timeZone: OPERATOR_TIME_ZONE,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
      }),
    }),
    [locale],
  );

  const [departures, setDepartures] = useState(initialDepartures);
  const [departureId, setDepartureId] = useState<number | null>(null);
  const [online, setOnline] = useState(true);
  const [shown, setShown] = useState<Shown | null>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  // The answer this phone gave last: the same scan again shortly after shows it again.
  const lastAnswer = useRef<{ key: string; at: number; shown: { answer: ScanAnswer; offline: boolean } } | null>(null);
  useOfflineApp(BOARDING_PATH);

  /** The session ends after a shift (8 h): back to the sign-in, which returns here. */
  const signedOut = useCallback((error: unknown) => {
    if (error instanceof SignedOutError) window.location.assign(signInHref(BOARDING_PATH));
    return error instanceof SignedOutError;
  }, []);
  const networkError = useCallback(
    (error: unknown) => {
      if (error instanceof OfflineError) setOnline(false);
      signedOut(error);
    },
    [signedOut],
  );

  const { list, refresh: refreshList, update: updateList } = useManifest(departureId);
  const onSynced = useCallback(
    async (id: number, outcomes: SyncOutcome[]) => {
      // The server's answers are the truth until the fresh list arrives (or if it does not).
      updateList(id, (tickets) => applySync(tickets, outcomes));
      await refreshList(id);
      setOnline(true);
    },
    [refreshList, updateList],
  );
  const queue = useOfflineQueue(departureId, {
    storageKey: boardingQueueKey,
    post: postCheckIns,
    onSynced,
    onError: networkError,
  });
  const { send: sendQueue, enqueue } = queue;

  // The camera is allowed only in documents served at /staff/boarding (Permissions-Policy, see
  // src/security/headers.ts). Arriving here by a client-side navigation would keep the previous
  // document and its policy: load this page for real.
  useEffect(() => {
    const [entry] = performance.getEntriesByType('navigation');
    if (entry && !new URL(entry.name).pathname.startsWith(BOARDING_PATH)) window.location.reload();
  }, []);

  // The phone remembers the departure it was boarding (a reload on the quay keeps the list).
  useEffect(() => {
    // Browser-only state (network, this phone's storage) is read once mounted, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOnline(navigator.onLine);
    const known = (id: number | null): id is number =>
      id !== null && (initialDepartures.some((d) => d.id === id) || storedList(id) !== null);
    const asked = departureFromAddress(window.location.href);
    if (asked !== null) window.history.replaceState(window.history.state, '', window.location.pathname);
    const stored = rememberedDeparture();
    if (known(asked)) setDepartureId(asked);
    else if (known(stored)) setDepartureId(stored);
  }, [initialDepartures]);

  useEffect(() => {
    if (departureId !== null) rememberDeparture(departureId);
  }, [departureId]);

  // The phone keeps today's lists, every departure's, so that it can board any of them offline,
  // even one it never opened; yesterday's passengers it forgets.
  useEffect(() => {
    forgetListsOtherThan(madridToday(new Date()));
    if (!navigator.onLine) return;
    let stop = false;
    void (async () => {
      for (const departure of initialDepartures) {
        if (stop) return;
        if (departure.status === 'cancelled' || storedList(departure.id)) continue;
        try {
          const body = await api<StoredList>(`/api/boarding/departures/${departure.id}/tickets`);
          if (!storedList(departure.id)) {
            storeList(departure.id, listFrom(body));
          }
        } catch {
          return; // Offline or signed out: the departure's own list still loads when it is picked.
        }
      }
    })();
    return () => {
      stop = true;
    };
  }, [initialDepartures]);

  // Keep the list fresh while online, and send the queue as soon as the network is back.
  useEffect(() => {
    if (departureId === null) return;
    const tick = () => {
      if (!navigator.onLine) return;
      void sendQueue(departureId)
        .then(() => refreshList(departureId))
        .then(() => setOnline(true))
        .catch(networkError);
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
  }, [departureId, networkError, refreshList, sendQueue]);

  const show = useCallback((answer: ScanAnswer, offline: boolean, key?: string) => {
    const now = Date.now();
    if (key) lastAnswer.current = { key, at: now, shown: { answer, offline } };
    setShown({ answer, offline, key: now });
    feedback(answer.result === 'boarded' ? 'good' : answer.result === 'already-boarded' ? 'warn' : 'bad');
  }, []);

  /** The answer from the phone's own list, when the server cannot be reached. */
  const answerOffline = useCallback(
    (id: number, scanned: string, chosen?: string[]): ScanAnswer => {
      if (!list) return { result: 'unknown', code: scanned };
      const offline = scanOffline(list, {
        raw: scanned,
        chosen,
        staff,
        at: new Date().toISOString(),
      });
      if (offline.queued) {
        updateList(id, () => offline.tickets);
        enqueue(id, offline.queued);
      }
      return offline.answer;
    },
    [enqueue, list, staff, updateList],
  );

  const submit = useCallback(
    async (scanned: string, chosen?: string[]) => {
      if (departureId === null) return;
      const key = scanKey(departureId, scanned, chosen);
      const again = repeatedAnswer(lastAnswer.current, key, Date.now());
      if (again) {
        show(again.answer, again.offline);
        return;
      }
      setBusy(true);
      try {
        if (!navigator.onLine) throw new OfflineError();
        const answer = await api<ScanAnswer & { ok: true }>('/api/boarding/scan', {
          code: scanned,
          departure: departureId,
          ...(chosen ? { tickets: chosen } : {}),
        });
        setOnline(true);
        show(answer, false, key);
        updateList(departureId, (tickets) => applyAnswer(tickets, answer));
        // The server's list after this check-in (the list may not have loaded yet when it was scanned).
        void refreshList(departureId).catch(() => {});
      } catch (error) {
        if (error instanceof OfflineError) {
          setOnline(false);
          show(answerOffline(departureId, scanned, chosen), true, key);
        } else if (!signedOut(error)) {
          feedback('bad');
          setShown(null);
          window.alert(t('error'));
        }
      } finally {
        setBusy(false);
      }
    },
    [answerOffline, departureId, refreshList, show, signedOut, t, updateList],
  );

  /** A booking's reference with several people still to board asks whom; anything else goes at once. */
  const handleCode = useCallback(
    (raw: string) => {
      // The six characters the group screen shows stand for the code they end.
      const scanned = fullCode(list?.tickets ?? [], normalizeCode(raw));
      if (!scanned) return;
      const waiting = waitingToBoard(list?.tickets ?? [], scanned);
      if (waiting.length > 1) {
        setChoice({ reference: scanned, tickets: waiting, selected: waiting.map((x) => x.code) });
        return;
      }
      void submit(scanned);
    },
    [list, submit],
  );

  const { videoRef, camera, start: startCamera, stop: stopCamera } = useCamera(handleCode);

  const pick = (id: number) => {
    feedback('unlock');
    setShown(null);
    setDepartureId(id);
  };

  const current = list?.departure ?? departures.find((d) => d.id === departureId) ?? null;
  const boarded = list ? list.tickets.filter((ticket) => ticket.state === 'boarded').length : 0;
  const sold = list ? list.tickets.filter((ticket) => ticket.state !== 'cancelled').length : 0;

  if (departureId === null || !current) return <DeparturePicker departures={departures} t={t} onPick={pick} />;

  return (
    <main className={`${styles.page} ${styles.scanning}`}>
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
            rememberDeparture(null);
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
        {queue.queue.length > 0 ? ` · ${t('pending', { count: queue.queue.length })}` : ''}
      </p>
      {queue.queue.length > 0 && online ? (
        <button type="button" className={styles.secondary} onClick={() => void sendQueue(departureId)}>
          {t('sendNow')}
        </button>
      ) : null}

      <ConflictList conflicts={queue.conflicts} t={t} time={formats.time} onDismiss={queue.dismissConflicts} />

      <AnswerPanel shown={shown} t={t} formats={formats} />

      <ScanControls
        inputId="boarding-code"
        t={t}
        fetchedAt={list?.fetchedAt ?? null}
        formats={{ day: formats.fetched, time: formats.time }}
        videoRef={videoRef}
        camera={camera}
        onCamera={() => (camera === 'on' ? stopCamera() : void startCamera())}
        code={code}
        onCode={setCode}
        onSubmit={handleCode}
        submitDisabled={busy || normalizeCode(code) === ''}
      />

      {choice ? (
        <ChooseWho
          choice={choice}
          t={t}
          onChange={(selected) => setChoice({ ...choice, selected })}
          onConfirm={() => {
            const { reference, selected } = choice;
            setChoice(null);
            void submit(reference, selected);
          }}
          onCancel={() => setChoice(null)}
        />
      ) : null}
    </main>
  );
}
