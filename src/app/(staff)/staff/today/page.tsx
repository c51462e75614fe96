import type { Metadata } from 'next';

import { TodayBoardBody } from '@/components/admin/TodayBoardBody';
import { OfficeFrame } from '@/components/office-app/OfficeFrame';
import { opsMessages } from '@/i18n/ops-messages';
import { OFFICE_TODAY_PATH } from '@/lib/staff-app';

import { officeScreen } from '../../office';
import { staffAppSession } from '../../session';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await staffAppSession();
  return { title: opsMessages(locale).board.title };
}

/** /staff/today: the office's board of the day (or of `?date=`), the admin dashboard's twin. */
export default async function OfficeTodayPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const screen = await officeScreen(OFFICE_TODAY_PATH, 'booking.read', query);
  return (
    <OfficeFrame view={screen.view} current="today">
      <TodayBoardBody payload={screen.payload} view={screen.view} searchParams={query} shell="staff" />
    </OfficeFrame>
  );
}
