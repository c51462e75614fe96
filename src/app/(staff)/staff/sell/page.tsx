import type { Metadata } from 'next';

import { SellBody } from '@/components/admin/SellBody';
import { OfficeFrame } from '@/components/office-app/OfficeFrame';
import { opsMessages } from '@/i18n/ops-messages';
import { OFFICE_SELL_PATH } from '@/lib/staff-app';

import { officeScreen } from '../../office';
import { staffAppSession } from '../../session';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await staffAppSession();
  return { title: opsMessages(locale).sell.title };
}

/** /staff/sell: the box office's sale (kiosk or phone), the admin's /admin/ops/sell twin. */
export default async function OfficeSellPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const screen = await officeScreen(OFFICE_SELL_PATH, 'booking.sell', query);
  return (
    <OfficeFrame view={screen.view} current="sell">
      <SellBody payload={screen.payload} view={screen.view} date={query.date} shell="staff" />
    </OfficeFrame>
  );
}
