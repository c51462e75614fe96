import { invoiceMessages } from '@/invoicing/document';
import { correctRecordOf } from '@/invoicing/entry-points';
import { idParam } from '@/operations/http';
import { json, refuse, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * POST /api/ops/invoices/{id}/correct — subsanación: the invoice's record the AEAT rejected or
 * accepted with errors goes again, rebuilt with today's configuration, on the next send. Admin only.
 */
export const POST = staffRoute(
  {
    action: 'invoices.correct',
    params: ({ id }: { id: string }, { language }) =>
      idParam(id) ?? refuse(404, 'notFound', { message: invoiceMessages(language).staff.notFound }),
  },
  async ({ payload, params: id, language }) => {
    const result = await correctRecordOf(payload, id);
    if (result.ok) return json({ ok: true, recordId: result.recordId });
    if (result.error === 'notFound')
      return refuse(404, 'notFound', { message: invoiceMessages(language).staff.notFound });
    return refuse(409, 'nothingToCorrect');
  },
);
