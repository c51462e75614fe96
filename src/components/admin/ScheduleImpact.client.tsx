'use client';

import { useAllFormFields, useDocumentInfo, useTranslation } from '@payloadcms/ui';
import Link from 'next/link';
import { reduceFieldsToValues } from 'payload/shared';
import { useEffect, useMemo, useState } from 'react';

import { opsLanguage, opsMessages } from '@/i18n/ops-messages';
import { fill, plural } from '@/lib/icu-lite';
import type { CancellationImpact } from '@/operations/cancellation-impact';

import { shortDate } from './format';
import { ImpactSummary } from './ImpactSummary';
import './ops.css';

type Stranded = { id: number; localDate: string; localTime: string };
type Preview = { departures: Stranded[]; impact: CancellationImpact };

/** The body of POST /api/ops/schedule-impact for the form as typed, or null while it says nothing yet. */
function previewRequest(kind: 'timetable' | 'closedDay', id: unknown, values: Record<string, unknown>): unknown {
  if (kind === 'closedDay') {
    const date = values.date;
    if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
    const tour = values.tour;
    return { closedDay: { date, tour: typeof tour === 'number' || typeof tour === 'string' ? tour : null } };
  }
  // A new timetable has no departures yet: nothing of its can be stranded.
  if (id === undefined || id === null) return null;
  const { tour, boat, validFrom, validTo, days, weekdays, times, closedDates, extraDepartures, active } = values;
  return {
    timetable: {
      id: Number(id),
      tour,
      boat,
      validFrom,
      validTo,
      days,
      weekdays,
      times,
      closedDates,
      extraDepartures,
      active,
    },
  };
}

/**
 * Inside the timetable and closed-day forms (a UI field): before saving, which booked departures
 * the change as typed leaves without their sailing and who is on them, "12 bookings, 34 people",
 * and what saving does with them (docs/decisions/170-schedule-changes-are-disruptions.md). Asked
 * again half a second after the form stops changing.
 */
function ScheduleImpact({ kind }: { kind: 'timetable' | 'closedDay' }) {
  const { i18n } = useTranslation();
  const language = opsLanguage(i18n.language);
  const t = opsMessages(language);
  const s = t.scheduleImpact;
  const { id } = useDocumentInfo();
  const [fields] = useAllFormFields();
  const body = useMemo(
    () => JSON.stringify(previewRequest(kind, id, reduceFieldsToValues(fields, true) as Record<string, unknown>)),
    [kind, id, fields],
  );
  // The answer for the form as it was asked about: a form changed since shows nothing until asked again.
  const [answer, setAnswer] = useState<{ body: string; preview: Preview | null; failed: boolean } | null>(null);

  useEffect(() => {
    if (body === 'null') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch('/api/ops/schedule-impact', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body,
        signal: controller.signal,
      })
        .then((response) => response.json() as Promise<{ ok: boolean } & Partial<Preview>>)
        .then((reply) => {
          // A form still being typed (a half-written date) is simply not previewed yet.
          setAnswer({
            body,
            preview: reply.ok && reply.departures && reply.impact ? (reply as Preview) : null,
            failed: false,
          });
        })
        .catch((error: unknown) => {
          if ((error as Error).name !== 'AbortError') setAnswer({ body, preview: null, failed: true });
        });
    }, 500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body]);

  if (!answer || answer.body !== body) return null;
  if (answer.failed) return <p className="field-description">{s.failed}</p>;
  const { preview } = answer;
  if (!preview) return null;
  return (
    <section className="ops-attention" data-testid="schedule-impact" aria-live="polite">
      <h3>{s.previewTitle}</h3>
      {preview.departures.length === 0 ? (
        <p>{s.previewNone}</p>
      ) : (
        <>
          <p>{plural(s.previewDepartures, preview.departures.length, language)}</p>
          <ul>
            {preview.departures.map((d) => (
              <li key={d.id}>{fill(s.previewWhen, { date: shortDate(d.localDate, language), time: d.localTime })}</li>
            ))}
          </ul>
          <ImpactSummary impact={preview.impact} t={t} language={language} />
          <p>
            <strong>{s.previewAfter}</strong> <Link href="/admin">{s.openBoard}</Link>
          </p>
        </>
      )}
    </section>
  );
}

export function TimetableImpact() {
  return <ScheduleImpact kind="timetable" />;
}

export function ClosedDayImpact() {
  return <ScheduleImpact kind="closedDay" />;
}
