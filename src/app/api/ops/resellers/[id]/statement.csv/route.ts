import { statementCsv } from '@/resellers/statement';
import { opsMessages } from '@/i18n/ops-messages';
import { NO_STORE, staffRoute } from '@/security/staff-route';

import { loadStatement, statementParams } from '../statement-request';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ops/resellers/{id}/statement.csv?month=YYYY-MM — a reseller's monthly statement: one
 * row per booking it confirmed for a trip that month (retail, commission, net owed, status),
 * totals last. For the office to send with its invoice; crew have no business with it.
 */
export const GET = staffRoute({ action: 'resellers.read', params: statementParams }, async (staff) => {
  const statement = await loadStatement(staff, staff.params);
  if (statement instanceof Response) return statement;
  const t = opsMessages(staff.language);
  const csv = statementCsv(statement, { ...t.resellerStatement, statuses: t.bookingStatus });
  return new Response(csv, {
    headers: {
      ...NO_STORE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="statement-${staff.params.resellerId}-${staff.params.month}.csv"`,
    },
  });
});
