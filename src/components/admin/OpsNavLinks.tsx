import Link from 'next/link';
import type { ServerProps } from 'payload';

import { invoicesAdminMessages } from '@/i18n/invoices-admin-messages';
import { opsMessages } from '@/i18n/ops-messages';
import {
  BOARDING_PATH,
  DOOR_PATH,
  OFFICE_BOOKINGS_PATH,
  OFFICE_SELL_PATH,
  OFFICE_TILL_PATH,
  OFFICE_TODAY_PATH,
} from '@/lib/staff-app';
import { can, type WithRole } from '@/security/policy';

/**
 * The day's screens at the top of the admin navigation, in the staff member's language. The
 * boarding page, the partner's door and the office's daily screens (today, bookings, sell, till)
 * are the staff's light app (src/app/(staff), issue 46), another app than Payload's: plain links
 * load them. Their admin twins (/admin, /admin/ops/...) still work, for old bookmarks and links.
 */
export default function OpsNavLinks(props: ServerProps) {
  const t = opsMessages(props.i18n?.language).nav;
  const user = props.user as (WithRole & { partner?: unknown }) | undefined;
  return (
    <nav className="ops-nav" aria-label={t.today}>
      {can(user, 'booking.read') ? (
        <a className="nav__link" href={OFFICE_TODAY_PATH}>
          <span className="nav__link-label">{t.today}</span>
        </a>
      ) : (
        <Link className="nav__link" href="/admin">
          <span className="nav__link-label">{t.today}</span>
        </Link>
      )}
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
          <a className="nav__link" href={OFFICE_SELL_PATH}>
            <span className="nav__link-label">{t.sell}</span>
          </a>
          <a className="nav__link" href={OFFICE_BOOKINGS_PATH}>
            <span className="nav__link-label">{t.bookings}</span>
          </a>
          <Link className="nav__link" href="/admin/ops/cash-up">
            <span className="nav__link-label">{t.cashUp}</span>
          </Link>
          <a className="nav__link" href={OFFICE_TILL_PATH}>
            <span className="nav__link-label">{t.till}</span>
          </a>
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
