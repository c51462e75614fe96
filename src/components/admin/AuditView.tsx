import Link from 'next/link';
import type { AdminViewServerProps } from 'payload';

import { auditEntries, type AuditRow } from '@/audit/record';
import { shopDb } from '@/booking/db';
import { findDeparture } from '@/booking/departures-repository';
import { addDays, isLocalDate, madridToday, madridToUtc } from '@/booking/time';
import { fill } from '@/lib/icu-lite';
import { staffNames } from '@/operations/staff-names';
import type { Payload } from 'payload';

import { euros, longDate, shortDate, timeOf } from './format';
import { OpsTemplate } from './OpsTemplate';
import { actorText, auditActionText } from './staff-texts';
import { staffView, type StaffView } from './view-context';
import './box-office.css';

/**
 * /admin/ops/audit?date=YYYY-MM-DD — the log of the signed-in staff member's day, in their
 * language, with names instead of `user:3` and events instead of `booking.moved`. Admins may add
 * `&staff=user:N` for someone else's day (they read the whole log in the collection too).
 */
export default async function AuditView(props: AdminViewServerProps) {
  const view = staffView(props);
  const { t, language } = view;
  if (!view.can('audit.office')) {
    return (
      <OpsTemplate props={props}>
        <p className="ops">{t.errors.forbidden}</p>
      </OpsTemplate>
    );
  }
  const payload = props.initPageResult.req.payload;
  const user = props.initPageResult.req.user;
  const search = props.searchParams ?? {};
  const date = typeof search.date === 'string' && isLocalDate(search.date) ? search.date : madridToday(new Date());
  const me = `user:${user?.id}`;
  const asked = typeof search.staff === 'string' && /^user:\d{1,12}$/.test(search.staff) ? search.staff : me;
  const actor = asked !== me && view.can('audit.read') ? asked : me;
  const entries = await auditEntries(payload, {
    actor,
    from: madridToUtc(date, '00:00'),
    to: madridToUtc(addDays(date, 1), '00:00'),
  });
  const name = actor === me ? null : ((await staffNames(payload, [actor])).get(actor) ?? actor);
  return (
    <OpsTemplate props={props}>
      <div className="ops ops-manifest" data-testid="audit-day">
        <h1>{name ? fill(t.audit.titleStaff, { name }) : t.audit.title}</h1>
        <p className="ops-sub">{longDate(date, language)}</p>
        <form className="ops-filters ops-no-print" method="get">
          <label>
            <span>{t.audit.date}</span>
            <input type="date" name="date" defaultValue={date} />
          </label>
          {actor !== me ? <input type="hidden" name="staff" value={actor} /> : null}
          <button type="submit" className="ops-button">
            {t.audit.show}
          </button>
        </form>
        <AuditTable payload={payload} entries={entries} view={view} showSubject />
      </div>
    </OpsTemplate>
  );
}

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
              {showSubject ? <td data-label={t.audit.subject}>{subjectOf(entry.subject, t)}</td> : null}
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

function subjectOf(subject: string, t: StaffView['t']) {
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
  return subject;
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
        typeof after.departureId === 'number' ? await findDeparture(shopDb(payload), after.departureId) : null;
      return departure
        ? fill(t.audit.moved, { date: shortDate(departure.localDate, language), time: departure.localTime })
        : '';
    }
    case 'booking.refunded':
      return typeof after.refundedCents === 'number' ? euros(after.refundedCents, language) : '';
    case 'booking.cancelled':
    case 'departure.cancelled': {
      // A departure's reason (the sea, the boat, the schedule) in the reader's language; others as recorded.
      const reason = typeof after.reason === 'string' ? after.reason : '';
      return reason in t.board.reasons ? t.board.reasons[reason as keyof typeof t.board.reasons] : reason;
    }
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
