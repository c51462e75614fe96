import type { AdminViewServerProps } from 'payload';

import { OpsTemplate } from './OpsTemplate';
import { SellBody } from './SellBody';
import { staffView } from './view-context';

/** /admin/ops/sell — the kiosk and the phone: a sale on the website's seats, paid how the customer pays. */
export default async function SellView(props: AdminViewServerProps) {
  const view = staffView(props);
  if (!view.can('booking.sell')) {
    return (
      <OpsTemplate props={props}>
        <p className="ops">{view.t.errors.forbidden}</p>
      </OpsTemplate>
    );
  }
  return (
    <OpsTemplate props={props}>
      <SellBody payload={props.initPageResult.req.payload} view={view} date={props.searchParams?.date} shell="admin" />
    </OpsTemplate>
  );
}
