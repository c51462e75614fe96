import Link from 'next/link';
import type { Payload } from 'payload';

import { auditedDeparture, type AuditRow } from '@/audit/record';
import { madridToday } from '@/i18n/time';
import { fill } from '@/lib/icu-lite';
import { staffNames } from '@/operations/staff-names';

import { euros, shortDate, timeOf } from './format';
import { actorText, auditActionText, auditReasonText, auditSubjectText } from './staff-texts';
import type { StaffView } from './view-context';
import './box-office.css';

/** Log entries as the office reads them: when, who, what, about what, and the detail that matters. */
export async function AuditTable({
  payload,
  entries,
  view,
  showSubject,
}: {
  payload: Payload;
  entries: AuditRow[];
  view: StaffView;
  showSubject: boolean;
}) {
  const { t, language } = view;
  if (entries.length === 0) return <p className="ops-empty">{t.audit.none}</p>;
  const staff = entries.flatMap((e) => [e.actor, ...(typeof e.after?.staff === 'string' ? [e.after.staff] : [])]);
  const names = await staffNames(payload, staff);
  const details = await Promise.all(entries.map((entry) => detailOf(payload, entry, view, names)));
  return (
    <div className="box-office__scroll">
      <table className="ops-table" data-testid="audit-entries">
        <thead>
          <tr>
            <th scope="col">{t.audit.when}</th>
            <th scope="col">{t.audit.who}</th>
            <th scope="col">{t.audit.what}</th>
            {showSubject ? <th scope="col">{t.audit.subject}</th> : null}
            <th scope="col">{t.audit.detail}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, i) => (
            <tr key={entry.id} data-testid="audit-entry">
              <th scope="row">
                {showSubject ? '' : `${shortDate(madridDateOf(entry.at), language)} `}
                {timeOf(entry.at.toISOString(), language)}
              </th>
              <td data-label={t.audit.who}>{actorText(entry.actor, names, t)}</td>
              <td data-label={t.audit.what}>{auditActionText(entry.action, t, language)}</td>
              {showSubject ? <td data-label={t.audit.subject}>{subjectOf(entry.subject, t, language)}</td> : null}
              <td data-label={t.audit.detail}>{details[i]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function madridDateOf(at: Date): string {
  return madridToday(at);
}

function subjectOf(subject: string, t: StaffView['t'], language: StaffView['language']) {
  const [kind, id] = [subject.slice(0, subject.indexOf(':')), subject.slice(subject.indexOf(':') + 1)];
  if (kind === 'booking')
    return (
      <Link href={`/admin/ops/bookings/${encodeURIComponent(id)}`}>
        {fill(t.audit.bookingSubject, { reference: id })}
      </Link>
    );
  if (kind === 'departure')
    return <Link href={`/admin/ops/departures/${id}/manifest`}>{fill(t.audit.departureSubject, { id })}</Link>;
  if (kind === 'till') return <Link href={`/admin/ops/till/${id}`}>{fill(t.audit.tillSubject, { id })}</Link>;
  return auditSubjectText(subject, t, language);
}

const CORRECTED_FIELDS = ['name', 'surnames', 'email', 'phone', 'mobilePhone'] as const;

async function detailOf(
  payload: Payload,
  entry: AuditRow,
  view: StaffView,
  names: ReadonlyMap<string, string>,
): Promise<string> {
  const { t, language } = view;
  const after = entry.after ?? {};
  const methodName = (method: unknown) =>
    typeof method === 'string' ? (t.booking.methods[method as keyof typeof t.booking.methods] ?? method) : '';
  switch (entry.action) {
    case 'booking.moved': {
      const departure =
        typeof after.departureId === 'number' ? await auditedDeparture(payload, after.departureId) : null;
      return departure
        ? fill(t.audit.moved, { date: shortDate(departure.localDate, language), time: departure.localTime })
        : '';
    }
    case 'booking.refunded': {
      const amount = typeof after.refundedCents === 'number' ? euros(after.refundedCents, language) : '';
      return [amount, auditReasonText(after.reason, t)].filter(Boolean).join(', ');
    }
    case 'booking.cancelled':
    case 'departure.cancelled':
    case 'departure.changed':
    case 'departure.removed':
      return auditReasonText(after.reason, t);
    case 'booking.linkReissued':
      return after.how === 'email' ? t.audit.linkEmailed : after.how === 'shown' ? t.audit.linkShown : '';
    case 'privacy.retention':
      return fill(t.audit.retention, { bookings: Number(after.bookings ?? 0), requests: Number(after.requests ?? 0) });
    case 'booking.paid':
    case 'booking.paymentRequested':
      return methodName(after.method);
    case 'booking.corrected': {
      const fields = Array.isArray(after.fields) ? after.fields : [];
      const label: Record<(typeof CORRECTED_FIELDS)[number], string> = {
        name: t.sell.name,
        surnames: t.sell.surnames,
        email: t.booking.email,
        phone: t.booking.phone,
        mobilePhone: t.booking.mobile,
      };
      return fields
        .map((f) => ((CORRECTED_FIELDS as readonly unknown[]).includes(f) ? label[f as keyof typeof label] : String(f)))
        .join(', ');
    }
    case 'till.counted':
      return typeof after.countedCents === 'number'
        ? fill(t.audit.counted, {
            name: actorText(String(after.staff), names, t),
            method: methodName(after.method),
            amount: euros(after.countedCents, language),
          })
        : '';
    case 'till.closed': {
      const cents = typeof after.differenceCents === 'number' ? after.differenceCents : null;
      if (cents === null) return '';
      if (cents === 0) return t.till.even;
      return fill(cents > 0 ? t.till.over : t.till.short, { amount: euros(Math.abs(cents), language) });
    }
    default:
      return '';
  }
}
