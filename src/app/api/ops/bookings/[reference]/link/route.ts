import { reissueBookingLink } from '@/operations/booking-actions';
import { fill } from '@/lib/icu-lite';
import { opsMessages } from '@/i18n/ops-messages';
import { pathFor } from '@/i18n/routes';
import { env } from '@/lib/env';
import { json, param, staffRoute } from '@/security/staff-route';

import { longDate } from '@/components/admin/format';

export const dynamic = 'force-dynamic';

/**
 * POST /api/ops/bookings/{reference}/link — a fresh signed link to the booking's page (and to its
 * change page, for a booking a disruption touched) for the office to give a customer whose link
 * expired or got lost: `{ url, changeUrl, expiresOn }`. Office and admin only; the audit log
 * records who asked (docs/decisions/127-booking-links-expire.md).
 */
export const POST = staffRoute(
  { action: 'booking.sendLink', params: param('reference') },
  async ({ payload, params: asked, language, by }) => {
    const t = opsMessages(language).booking;
    const link = await reissueBookingLink(payload, { reference: asked, how: 'shown', by });
    if (!link.ok) return json({ ok: false, error: 'notFound', message: t.linkNotFound }, 404);
    const { reference, locale } = link.booking;
    const query = `?firma=${link.signature}`;
    const site = env().SITE_URL;
    return json({
      ok: true,
      url: `${site}${pathFor('booking', locale, { reference })}${query}`,
      changeUrl: link.disrupted ? `${site}${pathFor('bookingChange', locale, { reference })}${query}` : null,
      expiresOn: link.expiresOn,
      message: fill(t.linkIssued, { date: longDate(link.expiresOn, language) }),
    });
  },
);
