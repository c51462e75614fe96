import { invoiceMessages } from '@/invoicing/document';
import { annulInvoiceOf, invoiceOf } from '@/invoicing/entry-points';
import { idParam } from '@/operations/http';
import { json, refuse, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * POST /api/ops/invoices/{id}/annul — an invoice issued in error is annulled (registro de
 * anulación, never deleted or renumbered) and the booking's due document issued in its place, in
 * one transaction. Admin only.
 */
export const POST = staffRoute(
  {
    action: 'invoices.correct',
    params: ({ id }: { id: string }, { language }) =>
      idParam(id) ?? refuse(404, 'notFound', { message: invoiceMessages(language).staff.notFound }),
  },
  async ({ payload, params: id, language }) => {
    const result = await annulInvoiceOf(payload, id);
    if (!result.ok) {
      if (result.error === 'notFound')
        return refuse(404, 'notFound', { message: invoiceMessages(language).staff.notFound });
      return refuse(409, 'alreadyAnnulled');
    }
    const reissued = result.reissuedId === null ? null : await invoiceOf(payload, result.reissuedId);
    return json({
      ok: true,
      annulled: id,
      reissued: reissued ? { id: reissued.id, seriesNumber: reissued.seriesNumber, type: reissued.type } : null,
    });
  },
);
