import type { AdminViewServerProps } from 'payload';

import { madridToday } from '@/i18n/time';
import { sellableTours } from '@/operations/box-office';

import { OpsTemplate } from './OpsTemplate';
import { SellForm, type SellableTour } from './SellForm.client';
import { staffView } from './view-context';

/** /admin/ops/sell — the kiosk and the phone: a sale on the website's seats, paid how the customer pays. */
export default async function SellView(props: AdminViewServerProps) {
  const view = staffView(props);
  const { language, t } = view;
  if (!view.can('booking.sell')) {
    return (
      <OpsTemplate props={props}>
        <p className="ops">{t.errors.forbidden}</p>
      </OpsTemplate>
    );
  }
  const sellable: SellableTour[] = await sellableTours(props.initPageResult.req.payload, language);
  const date = typeof props.searchParams?.date === 'string' ? props.searchParams.date : madridToday(new Date());
  return (
    <OpsTemplate props={props}>
      <SellForm language={language} t={t} tours={sellable} initialDate={date} />
    </OpsTemplate>
  );
}
