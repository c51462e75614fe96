import type { Metadata } from 'next';

import { TillBody } from '@/components/admin/TillBody';
import { OfficeFrame } from '@/components/office-app/OfficeFrame';
import { opsMessages } from '@/i18n/ops-messages';
import { OFFICE_TILL_PATH } from '@/lib/staff-app';

import { officeScreen } from '../../../office';
import { staffAppSession } from '../../../session';

export const dynamic = 'force-dynamic';

type Params = Promise<{ session?: string[] }>;

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await staffAppSession();
  return { title: opsMessages(locale).till.title };
}

/**
 * /staff/till: the open till session, its counts and its close; /staff/till/{id}: a closed
 * session's Z report. The admin's /admin/ops/till twin.
 */
export default async function OfficeTillPage({ params }: { params: Params }) {
  const segments = (await params).session ?? [];
  const path = segments.length ? `${OFFICE_TILL_PATH}/${segments.map(encodeURIComponent).join('/')}` : OFFICE_TILL_PATH;
  const screen = await officeScreen(path, 'cashUp.read');
  const session = segments.length === 0 ? undefined : segments.length === 1 ? segments[0] : '';
  return (
    <OfficeFrame view={screen.view} current="till">
      <TillBody payload={screen.payload} view={screen.view} session={session} shell="staff" />
    </OfficeFrame>
  );
}
