import Link from 'next/link';
import type { ServerProps } from 'payload';

import { invoicesAdminMessages } from '@/i18n/invoices-admin-messages';
import { opsMessages } from '@/i18n/ops-messages';
import { BOARDING_PATH, DOOR_PATH } from '@/lib/staff-app';
import { can, type WithRole } from '@/security/policy';

/**
 * The day's screens at the top of the admin navigation, in the staff member's language. The
 * boarding page and the partner's door are the staff's phone app (src/app/(staff)), another app
 * than Payload's: plain links load them.
 */
export default function OpsNavLinks(props: ServerProps) {
  const t = opsMessages(props.i18n?.language).nav;
  const user = props.user as (WithRole & { partner?: unknown }) | undefined;
  return (
    <nav className="ops-nav" aria-label={t.today}>
      <Link className="nav__link" href="/admin">
        <span className="nav__link-label">{t.today}</span>
      </Link>
      {can(user, 'boarding.scan') ? (
        <a className="nav__link" href={BOARDING_PATH}>
          <span className="nav__link-label">{t.boarding}</span>
        </a>
      ) : null}
      {can(user, 'admissions.check') && user?.partner ? (
        <a className="nav__link" href={DOOR_PATH}>
          <span className="nav__link-label">{t.door}</span>
        </a>
      ) : null}
      {can(user, 'booking.read') ? (
        <>
          <Link className="nav__link" href="/admin/ops/sell">
            <span className="nav__link-label">{t.sell}</span>
          </Link>
          <Link className="nav__link" href="/admin/ops/bookings">
            <span className="nav__link-label">{t.bookings}</span>
          </Link>
          <Link className="nav__link" href="/admin/ops/cash-up">
            <span className="nav__link-label">{t.cashUp}</span>
          </Link>
          <Link className="nav__link" href="/admin/ops/till">
            <span className="nav__link-label">{t.till}</span>
          </Link>
          <Link className="nav__link" href="/admin/ops/audit">
            <span className="nav__link-label">{t.audit}</span>
          </Link>
          <Link className="nav__link" href="/admin/ops/reports">
            <span className="nav__link-label">{t.reports}</span>
          </Link>
          <Link className="nav__link" href="/admin/ops/invoices">
            <span className="nav__link-label">{invoicesAdminMessages(props.i18n?.language).nav}</span>
          </Link>
          <Link className="nav__link" href="/admin/globals/ops-settings">
            <span className="nav__link-label">{t.settings}</span>
          </Link>
        </>
      ) : null}
    </nav>
  );
}
