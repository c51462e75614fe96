import type { AdminViewServerProps } from 'payload';

import { OpsTemplate } from './OpsTemplate';
import { TillBody } from './TillBody';
import { staffView } from './view-context';

/**
 * /admin/ops/till — the open till session: what each staff member's drawer and terminal should
 * hold, what was counted, over or short, and the close. /admin/ops/till/<id> — a session's Z
 * report, to print (docs/decisions/139-till-sessions.md).
 */
export default async function TillView(props: AdminViewServerProps) {
  const view = staffView(props);
  if (!view.can('cashUp.read')) {
    return (
      <OpsTemplate props={props}>
        <p className="ops">{view.t.errors.forbidden}</p>
      </OpsTemplate>
    );
  }
  const segments = props.params?.segments;
  return (
    <OpsTemplate props={props}>
      <TillBody
        payload={props.initPageResult.req.payload}
        view={view}
        session={Array.isArray(segments) ? segments[2] : undefined}
        shell="admin"
      />
    </OpsTemplate>
  );
}
