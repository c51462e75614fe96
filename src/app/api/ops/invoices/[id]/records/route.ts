import { invoiceMessages } from '@/invoicing/document';
import { recordsOfInvoice } from '@/invoicing/entry-points';
import { idParam } from '@/operations/http';
import { json, refuse, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ops/invoices/{id}/records — every VERI*FACTU record of the invoice in the chain's order:
 * its registro de alta, any subsanación and any registro de anulación, each with its position,
 * huella, the AEAT's answer (status, CSV, error) and its XML byte for byte as sent. An inspector
 * asks for the annulment's record as much as the alta's; `record.xml` serves the alta alone.
 */
export const GET = staffRoute(
  {
    action: 'invoices.read',
    params: ({ id }: { id: string }, { language }) =>
      idParam(id) ?? refuse(404, 'notFound', { message: invoiceMessages(language).staff.notFound }),
  },
  async ({ payload, params: id, language }) => {
    const records = await recordsOfInvoice(payload, id);
    if (records.length === 0) return refuse(404, 'notFound', { message: invoiceMessages(language).staff.notFound });
    return json({ ok: true, invoiceId: id, records });
  },
);
