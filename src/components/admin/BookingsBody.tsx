import type { Payload } from 'payload';

import { BookingSearch } from './BookingSearch.client';
import type { OfficeShell } from './office-paths';
import type { StaffView } from './view-context';

type SearchParams = Record<string, string | string[] | undefined> | undefined;

/** The search, in either shell (the admin's above, the staff app's /staff/bookings); the caller checks `booking.read`. */
export async function BookingsBody({
  payload,
  view,
  searchParams,
  shell,
}: {
  payload: Payload;
  view: StaffView;
  searchParams: SearchParams;
  shell: OfficeShell;
}) {
  const { language, t } = view;
  const tours = await payload.find({
    collection: 'tours',
    locale: language,
    limit: 200,
    depth: 0,
    pagination: false,
    sort: 'menuOrder',
  });
  const search = searchParams ?? {};
  return (
    <BookingSearch
      language={language}
      t={t}
      tours={tours.docs.map((tour) => ({ id: Number(tour.id), title: tour.title }))}
      initial={{
        q: typeof search.q === 'string' ? search.q : '',
        date: typeof search.date === 'string' ? search.date : '',
        tour: typeof search.tour === 'string' ? search.tour : '',
      }}
      shell={shell}
    />
  );
}
