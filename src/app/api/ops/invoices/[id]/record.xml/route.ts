import { invoiceMessages } from '@/invoicing/document';
import { recordXmlOf } from '@/invoicing/entry-points';
import { idParam } from '@/operations/http';
import { NO_STORE, refuse, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/** GET /api/ops/invoices/{id}/record.xml — the invoice's VERI*FACTU record, byte for byte as sent. */
export const GET = staffRoute(
  {
    action: 'invoices.read',
    params: ({ id }: { id: string }, { language }) =>
      idParam(id) ?? refuse(404, 'notFound', { message: invoiceMessages(language).staff.notFound }),
  },
  async ({ payload, params: id, language }) => {
    const xml = await recordXmlOf(payload, id);
    if (xml === null) return refuse(404, 'notFound', { message: invoiceMessages(language).staff.notFound });
    return new Response(xml, {
      headers: {
        ...NO_STORE,
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Disposition': `attachment; filename="invoice-${id}-record.xml"`,
      },
    });
  },
);
