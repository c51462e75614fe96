import type { Metadata } from 'next';

import { BookingBody } from '@/components/admin/BookingBody';
import { OfficeFrame } from '@/components/office-app/OfficeFrame';
import { opsMessages } from '@/i18n/ops-messages';
import { fill } from '@/lib/icu-lite';
import { OFFICE_BOOKINGS_PATH } from '@/lib/staff-app';

import { officeScreen } from '../../../office';
import { staffAppSession } from '../../../session';

export const dynamic = 'force-dynamic';

type Params = Promise<{ reference: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale } = await staffAppSession();
  const { reference } = await params;
  return { title: fill(opsMessages(locale).booking.title, { reference: decodeURIComponent(reference) }) };
}

/**
 * /staff/bookings/{reference}: one booking and what the office does to it (resend the tickets,
 * move, cancel or refund), the admin's /admin/ops/bookings/{reference} twin: the same screen.
 */
export default async function OfficeBookingPage({ params }: { params: Params }) {
  const reference = decodeURIComponent((await params).reference);
  const screen = await officeScreen(`${OFFICE_BOOKINGS_PATH}/${encodeURIComponent(reference)}`, 'booking.read');
  return (
    <OfficeFrame view={screen.view} current="bookings">
      <BookingBody payload={screen.payload} view={screen.view} reference={reference} shell="staff" />
    </OfficeFrame>
  );
}
