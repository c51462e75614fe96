import { isStatementMonth, resellerStatement } from '@/resellers/statement';
import { opsMessages } from '@/i18n/ops-messages';
import { json, NO_STORE, staffLanguage } from '@/operations/http';
import { requireStaff } from '@/lib/staff-session';
import { renderStatementPdf } from '@/resellers/statement-pdf';

export const dynamic = 'force-dynamic';

/** GET /api/ops/resellers/{id}/statement.pdf?month=YYYY-MM — the statement CSV as a printable PDF. */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const session = await requireStaff(request, ['admin', 'office']);
  if ('response' in session) return session.response;
  const language = staffLanguage(request);
  const t = opsMessages(language);
  const { id } = await context.params;
  const month = new URL(request.url).searchParams.get('month');
  if (!isStatementMonth(month)) {
    return json({ ok: false, error: 'invalidMonth', message: t.resellerStatement.invalidMonth }, 400);
  }
  const resellerId = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
  const statement = Number.isSafeInteger(resellerId)
    ? await resellerStatement(session.payload, { resellerId, month, locale: language })
    : null;
  if (!statement) return json({ ok: false, error: 'notFound', message: t.resellerStatement.notFound }, 404);
  const s = t.resellerStatement;
  const pdf = await renderStatementPdf(statement, { ...s, statuses: t.bookingStatus });
  return new Response(Buffer.from(pdf), {
    headers: {
      ...NO_STORE,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="statement-${resellerId}-${month}.pdf"`,
    },
  });
}
