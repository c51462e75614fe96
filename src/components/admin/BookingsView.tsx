import type { AdminViewServerProps } from 'payload';

import { BookingsBody } from './BookingsBody';
import { OpsTemplate } from './OpsTemplate';
import { staffView } from './view-context';

/** /admin/ops/bookings — the office's booking search. */
export default async function BookingsView(props: AdminViewServerProps) {
  const view = staffView(props);
  if (!view.can('booking.read')) {
    return (
      <OpsTemplate props={props}>
        <p className="ops">{view.t.errors.forbidden}</p>
      </OpsTemplate>
    );
  }
  return (
    <OpsTemplate props={props}>
      <BookingsBody
        payload={props.initPageResult.req.payload}
        view={view}
        searchParams={props.searchParams}
        shell="admin"
      />
    </OpsTemplate>
  );
}
