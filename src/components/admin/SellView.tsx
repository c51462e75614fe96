import type { AdminViewServerProps } from 'payload';

import { tourBookingSettings } from '@/booking/tours-repository';
import { madridToday } from '@/booking/time';
import { tourTax } from '@/invoicing/tour-vat';

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
  const tours = await props.initPageResult.req.payload.find({
    collection: 'tours',
    locale: language,
    limit: 200,
    depth: 0,
    pagination: false,
    sort: 'menuOrder',
  });
  const sellable: SellableTour[] = tours.docs.flatMap((tour) => {
    const settings = tourBookingSettings(tour);
    if (!settings.priceList) return [];
    const { simplifiedLimitCents } = tourTax(settings);
    return [{ id: Number(tour.id), title: tour.title, priceList: settings.priceList, simplifiedLimitCents }];
  });
  const date = typeof props.searchParams?.date === 'string' ? props.searchParams.date : madridToday(new Date());
  return (
    <OpsTemplate props={props}>
      <SellForm language={language} t={t} tours={sellable} initialDate={date} />
    </OpsTemplate>
  );
}
