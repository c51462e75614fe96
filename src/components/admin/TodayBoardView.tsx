import type { AdminViewServerProps } from 'payload';
import { Gutter } from '@payloadcms/ui';

import { TodayBoardBody } from './TodayBoardBody';
import { staffView } from './view-context';

/**
 * The admin's dashboard: today's board for every staff member (replaces Payload's collection
 * cards; the navigation still lists the collections each role may open).
 */
export default async function TodayBoardView(props: AdminViewServerProps) {
  const view = staffView(props);
  if (!view.role) return null;
  return (
    <Gutter>
      <TodayBoardBody
        payload={props.initPageResult.req.payload}
        view={view}
        searchParams={props.searchParams}
        shell="admin"
      />
    </Gutter>
  );
}
