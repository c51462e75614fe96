import type { AdminViewServerProps } from 'payload';

import { BookingSearch } from './BookingSearch.client';
import { OpsTemplate } from './OpsTemplate';
import { staffView } from './view-context';

/** /admin/ops/bookings — the office's booking search. */
export default async function BookingsView(props: AdminViewServerProps) {
  const view = staffView(props);
  const { language, t } = view;
  if (!view.can('booking.read')) {
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
  const search = props.searchParams ?? {};
  return (
    <OpsTemplate props={props}>
      <BookingSearch
        language={language}
        t={t}
        tours={tours.docs.map((tour) => ({ id: Number(tour.id), title: tour.title }))}
        initial={{
          q: typeof search.q === 'string' ? search.q : '',
          date: typeof search.date === 'string' ? search.date : '',
          tour: typeof search.tour === 'string' ? search.tour : '',
        }}
      />
    </OpsTemplate>
  );
}
