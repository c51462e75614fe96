import type { AdminViewServerProps } from 'payload';

import { BookingBody } from './BookingBody';
import { OpsTemplate } from './OpsTemplate';
import { staffView } from './view-context';

/** /admin/ops/bookings/{reference} — one booking as the office needs it on the phone with a customer. */
export default async function BookingView(props: AdminViewServerProps) {
  const view = staffView(props);
  const segments = props.params?.segments;
  const reference = decodeURIComponent(Array.isArray(segments) ? (segments[2] ?? '') : '');
  if (!view.can('booking.read')) {
    return (
      <OpsTemplate props={props}>
        <p className="ops">{view.t.errors.forbidden}</p>
      </OpsTemplate>
    );
  }
  return (
    <OpsTemplate props={props}>
      <BookingBody payload={props.initPageResult.req.payload} view={view} reference={reference} shell="admin" />
    </OpsTemplate>
  );
}
