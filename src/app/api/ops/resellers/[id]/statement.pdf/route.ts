import { localeInfo } from '@/i18n/locales';
import { opsMessages } from '@/i18n/ops-messages';
import { renderStatementPdf } from '@/resellers/statement-pdf';
import { NO_STORE, staffRoute } from '@/security/staff-route';

import { loadStatement, statementParams } from '../statement-request';

export const dynamic = 'force-dynamic';

/** GET /api/ops/resellers/{id}/statement.pdf?month=YYYY-MM — the statement CSV as a printable PDF. */
export const GET = staffRoute({ action: 'resellers.read', params: statementParams }, async (staff) => {
  const statement = await loadStatement(staff, staff.params);
  if (statement instanceof Response) return statement;
  const t = opsMessages(staff.language);
  const pdf = await renderStatementPdf(
    statement,
    { ...t.resellerStatement, statuses: t.bookingStatus },
    localeInfo[staff.language].iso,
  );
  return new Response(Buffer.from(pdf), {
    headers: {
      ...NO_STORE,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="statement-${staff.params.resellerId}-${staff.params.month}.pdf"`,
    },
  });
});
