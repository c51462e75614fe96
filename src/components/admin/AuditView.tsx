import type { AdminViewServerProps } from 'payload';

import { auditEntries } from '@/audit/record';
import { addDays, isLocalDate, madridToday, madridToUtc } from '@/i18n/time';
import { fill } from '@/lib/icu-lite';
import { staffNames } from '@/operations/staff-names';

import { AuditTable } from './AuditTable';
import { longDate } from './format';
import { OpsTemplate } from './OpsTemplate';
import { staffView } from './view-context';
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
