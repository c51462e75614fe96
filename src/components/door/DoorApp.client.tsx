'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { madridClock } from '@/i18n/clock';
import { localeInfo, type Locale } from '@/i18n/locales';
import { madridToday } from '@/i18n/time';
import { OPERATOR_TIME_ZONE } from '@/lib/operator';
import { DOOR_PATH, signInHref } from '@/lib/staff-app';
import { normalizeCode, repeatedAnswer } from '@/operations/boarding-decision';
import {
  applyDoorAnswers,
  checkOffline,
  type DoorAdmission,
  type DoorAnswer,
  type DoorList,
  type DoorSyncOutcome,
  type QueuedDoorCheck,
} from '@/operations/door-decision';

import { feedback } from '../staff-app/feedback.client';
import { useOfflineQueue } from '../staff-app/offline-queue.client';
import { api, OfflineError, SignedOutError } from '../staff-app/staff-api.client';
import { staffTranslator } from '../staff-app/staff-text';
import styles from '../staff-app/staff-app.module.css';
import { AnswerFrame, type AnswerTone } from '../staff-app/AnswerFrame';
import { ScanControls } from '../staff-app/ScanControls';
import { useCamera } from '../staff-app/use-camera.client';
import { useOfflineApp } from '../staff-app/use-offline-app.client';

import { doorQueueKey, storedDoorList, storeDoorList } from './door-storage.client';
import type { DoorMessages, DoorTranslate } from './door-text';

type Props = {
  locale: Locale;
  messages: DoorMessages;
  partner: { id: number; name: string };
  staff: { id: number; name: string };
};

type Shown = { answer: DoorAnswer; offline: boolean; key: number };

type Formats = { time: Intl.DateTimeFormat; day: Intl.DateTimeFormat; instantDay: Intl.DateTimeFormat };

/** A door's checks made offline, replayed once by the server (a replay of its own check is no conflict). */
const postChecks = async (_partnerId: number, queued: QueuedDoorCheck[]) =>
  (await api<{ outcomes: DoorSyncOutcome[] }>('/api/partner/admissions/sync', { queued })).outcomes;

const tone = (answer: DoorAnswer): AnswerTone =>
  answer.result === 'admitted' ? 'good' : answer.result === 'already-used' ? 'warn' : 'bad';

/**
 * A partner's door on a phone (/staff/door, issue 44): scan an admission's QR or type its code and
 * the answer shows big — admitted, already used (when, by whom), not valid today (its days),
 * cancelled or unknown. Online the server decides and admits once (src/operations/door.ts);
 * offline the phone decides alike from the day's list it keeps (src/operations/door-decision.ts)
 * and queues the admissions, which the server replays once when the network is back.
 */
export function DoorApp({ locale, messages, partner, staff }: Props) {
  const t = useMemo(() => staffTranslator(locale, messages.door), [locale, messages]);
  const formats: Formats = useMemo(
    () => ({
      time: madridClock(locale),
      // A calendar date ('YYYY-MM-DD', read at noon UTC): the admission's valid days.
      day: new Intl.DateTimeFormat(localeInfo[locale].iso, {
        timeZone: 'UTC',
        weekday: 'short',
        day: 'numeric',
        month: 'short',
      }),
      // The Madrid day of an instant: when an admission was used, when the list was fetched.
      instantDay: new Intl.DateTimeFormat(localeInfo[locale].iso, {
        timeZone: OPERATOR_TIME_ZONE,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
      }),
    }),
    [locale],
  );

  const [list, setList] = useState<DoorList | null>(null);
  const current = useRef<DoorList | null>(null);
  const [online, setOnline] = useState(true);
  const [shown, setShown] = useState<Shown | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const lastAnswer = useRef<{ key: string; at: number; shown: { answer: DoorAnswer; offline: boolean } } | null>(null);
  useOfflineApp(DOOR_PATH);

  const commit = useCallback((next: DoorList) => {
    current.current = next;
    setList(next);
    storeDoorList(next);
  }, []);

  const signedOut = useCallback((error: unknown) => {
    if (error instanceof SignedOutError) window.location.assign(signInHref(DOOR_PATH));
    return error instanceof SignedOutError;
  }, []);
  const networkError = useCallback(
    (error: unknown) => {
      if (error instanceof OfflineError) setOnline(false);
      signedOut(error);
    },
    [signedOut],
  );

  /** The day's admissions from the server: the list the phone answers from offline. */
  const refresh = useCallback(async () => {
    const body = await api<{ date: string; admissions: DoorAdmission[] }>(
      `/api/partner/admissions?date=${madridToday(new Date())}`,
    );
    commit({
      partnerId: partner.id,
      date: body.date,
      admissions: body.admissions,
      fetchedAt: new Date().toISOString(),
    });
  }, [commit, partner.id]);

  const onSynced = useCallback(
    async (_partnerId: number, outcomes: DoorSyncOutcome[]) => {
      // The server's answers are the truth until the fresh list arrives (or if it does not).
      if (current.current) {
        commit(
          applyDoorAnswers(
            current.current,
            outcomes.map((outcome) => outcome.answer),
            staff.name,
          ),
        );
      }
      await refresh();
      setOnline(true);
    },
    [commit, refresh, staff.name],
  );
  const queue = useOfflineQueue(partner.id, {
    storageKey: doorQueueKey,
    post: postChecks,
    onSynced,
    onError: networkError,
  });
  const { send: sendQueue, enqueue } = queue;

  // The camera is allowed only in documents served at the door's address (Permissions-Policy).
  useEffect(() => {
    const [entry] = performance.getEntriesByType('navigation');
    if (entry && !new URL(entry.name).pathname.startsWith(DOOR_PATH)) window.location.reload();
  }, []);

  // Browser-only state (network, this phone's storage) is read once mounted, after hydration.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOnline(navigator.onLine);
    const stored = storedDoorList(partner.id);
    if (stored) {
      current.current = stored;
      setList(stored);
    }
  }, [partner.id]);

  // Keep the list fresh while online, and send the queue as soon as the network is back.
  useEffect(() => {
    const tick = () => {
      if (!navigator.onLine) return;
      void sendQueue(partner.id)
        .then(() => refresh())
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
  }, [networkError, partner.id, refresh, sendQueue]);

  const show = useCallback((answer: DoorAnswer, offline: boolean, key?: string) => {
    const now = Date.now();
    if (key) lastAnswer.current = { key, at: now, shown: { answer, offline } };
    setShown({ answer, offline, key: now });
    feedback(tone(answer));
  }, []);

  const submit = useCallback(
    async (raw: string) => {
      const typed = raw.trim();
      if (!typed) return;
      // The same code again at once (shown twice, read twice) repeats the answer given.
      const key = `door:${normalizeCode(typed) || typed}`;
      const again = repeatedAnswer(lastAnswer.current, key, Date.now());
      if (again) {
        show(again.answer, again.offline);
        return;
      }
      setBusy(true);
      try {
        if (!navigator.onLine) throw new OfflineError();
        const answer = await api<DoorAnswer & { ok: true }>('/api/partner/admissions/check', { code: typed });
        setOnline(true);
        show(answer, false, key);
        if (current.current) commit(applyDoorAnswers(current.current, [answer], staff.name));
      } catch (error) {
        if (error instanceof OfflineError) {
          setOnline(false);
          const kept = current.current;
          if (!kept) {
            show({ result: 'unknown', code: typed }, true, key);
            return;
          }
          const offline = checkOffline(kept, {
            raw: typed,
            today: madridToday(new Date()),
            at: new Date().toISOString(),
            staffName: staff.name,
          });
          if (offline.queued) {
            commit(offline.list);
            enqueue(partner.id, offline.queued);
          }
          show(offline.answer, true, key);
        } else if (!signedOut(error)) {
          feedback('bad');
          setShown(null);
          window.alert(t('error'));
        }
      } finally {
        setBusy(false);
      }
    },
    [commit, enqueue, partner.id, show, signedOut, staff.name, t],
  );

  const { videoRef, camera, start: startCamera, stop: stopCamera } = useCamera((read) => void submit(read));

  return (
    <main className={`${styles.page} ${styles.scanning}`}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.departureTitle}>{t('title')}</h1>
          <p className={styles.count} data-testid="door-partner">
            {t('partnerLine', { partner: partner.name })}
          </p>
        </div>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- Payload's admin is another app: a full load */}
        <a className={styles.link} href="/admin">
          {/* The back office: the partner's own account page, sign out. */}
          {messages.staffApp.backOffice}
        </a>
      </header>

      <p className={online ? styles.online : styles.offline} role="status" data-testid="network">
        {online ? t('online') : t('offline')}
        {queue.queue.length > 0 ? ` · ${t('pending', { count: queue.queue.length })}` : ''}
      </p>
      {queue.queue.length > 0 && online ? (
        <button type="button" className={styles.secondary} onClick={() => void sendQueue(partner.id)}>
          {t('sendNow')}
        </button>
      ) : null}

      {queue.conflicts.length > 0 ? (
        <section className={styles.conflicts} aria-live="polite" data-testid="conflicts">
          <p>{t('conflicts', { count: queue.conflicts.length })}</p>
          <ul>
            {queue.conflicts.map((conflict, i) => (
              <li key={`${conflict.code}-${i}`}>
                {t('conflictLine', { code: conflict.code, result: t(`result.${conflict.answer.result}`) })}
              </li>
            ))}
          </ul>
          <button type="button" className={styles.secondary} onClick={queue.dismissConflicts}>
            {t('dismiss')}
          </button>
        </section>
      ) : null}

      <DoorAnswerPanel shown={shown} t={t} formats={formats} />

      <ScanControls
        inputId="door-code"
        t={t}
        fetchedAt={list?.fetchedAt ?? null}
        formats={{ day: formats.instantDay, time: formats.time }}
        videoRef={videoRef}
        camera={camera}
        onCamera={() => (camera === 'on' ? stopCamera() : void startCamera())}
        code={code}
        onCode={setCode}
        onSubmit={(typed) => void submit(typed)}
        submitDisabled={busy || code.trim() === ''}
      />
    </main>
  );
}

/** The last check's answer: green admitted, amber already used, red refused. */
function DoorAnswerPanel({
  shown,
  t,
  formats,
}: {
  shown: { answer: DoorAnswer; offline: boolean } | null;
  t: DoorTranslate;
  formats: Formats;
}) {
  const answer = shown?.answer;
  return (
    <AnswerFrame
      shown={answer ? { result: answer.result, offline: shown.offline } : null}
      tone={answer ? tone(answer) : 'good'}
      title={answer ? t(`result.${answer.result}`) : ''}
      detail={answer ? <DoorAnswerDetail answer={answer} t={t} formats={formats} /> : null}
      t={t}
    />
  );
}

function DoorAnswerDetail({ answer, t, formats }: { answer: DoorAnswer; t: DoorTranslate; formats: Formats }) {
  if (answer.result === 'unknown') return <p className={styles.answerText}>{t('unknownDetail')}</p>;
  const { admission } = answer;
  const day = (date: string) => formats.day.format(new Date(`${date}T12:00:00Z`));
  const who = (
    <p className={styles.answerLead}>
      {admission.leadName} · {t(`category.${admission.category as 'adult'}`)}
    </p>
  );
  if (answer.result === 'admitted') {
    return (
      <>
        {who}
        <p className={styles.answerText}>{admission.reference}</p>
      </>
    );
  }
  if (answer.result === 'already-used') {
    const used = new Date(answer.at);
    return (
      <>
        {who}
        <p className={styles.answerText}>
          {t('usedAt', { date: formats.instantDay.format(used), time: formats.time.format(used), by: answer.by })}
        </p>
      </>
    );
  }
  if (answer.result === 'not-valid-today') {
    return (
      <>
        {who}
        <p className={styles.answerText}>
          {answer.validFrom === answer.validUntil
            ? t('validFromDay', { from: day(answer.validFrom) })
            : t('validFrom', { from: day(answer.validFrom), until: day(answer.validUntil) })}
        </p>
      </>
    );
  }
  return (
    <>
      {who}
      <p className={styles.answerText}>{t('cancelledDetail')}</p>
    </>
  );
}
