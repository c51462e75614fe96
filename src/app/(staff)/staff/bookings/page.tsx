import type { Metadata } from 'next';

import { BookingsBody } from '@/components/admin/BookingsBody';
import { OfficeFrame } from '@/components/office-app/OfficeFrame';
import { opsMessages } from '@/i18n/ops-messages';
import { OFFICE_BOOKINGS_PATH } from '@/lib/staff-app';

import { officeScreen } from '../../office';
import { staffAppSession } from '../../session';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await staffAppSession();
  return { title: opsMessages(locale).bookings.title };
}

/** /staff/bookings: the office's booking search as you type, the admin's /admin/ops/bookings twin. */
export default async function OfficeBookingsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const screen = await officeScreen(OFFICE_BOOKINGS_PATH, 'booking.read', query);
  return (
    <OfficeFrame view={screen.view} current="bookings">
      <BookingsBody payload={screen.payload} view={screen.view} searchParams={query} shell="staff" />
    </OfficeFrame>
  );
}
