import type { Payload } from 'payload';

import { madridToday } from '@/i18n/time';
import { sellableTours } from '@/operations/box-office';

import type { OfficeShell } from './office-paths';
import { SellForm, type SellableTour } from './SellForm.client';
import type { StaffView } from './view-context';

/** The sale, in either shell (the admin's above, the staff app's /staff/sell); the caller checks `booking.sell`. */
export async function SellBody({
  payload,
  view,
  date,
  shell,
}: {
  payload: Payload;
  view: StaffView;
  date: unknown;
  shell: OfficeShell;
}) {
  const { language, t } = view;
  const sellable: SellableTour[] = await sellableTours(payload, language);
  const initialDate = typeof date === 'string' ? date : madridToday(new Date());
  return <SellForm language={language} t={t} tours={sellable} initialDate={initialDate} shell={shell} />;
}
