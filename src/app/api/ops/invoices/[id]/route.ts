import { invoiceDocument, invoiceMessages } from '@/invoicing/document';
import { loadInvoiceDocumentInput } from '@/invoicing/document-source';
import { env } from '@/lib/env';
import { NO_STORE, refuse, staffRoute } from '@/security/staff-route';
import { renderInvoicePdf } from '@/tickets/invoice-pdf';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ops/invoices/{id}.pdf — the invoice as a PDF, a rectifying one too. Next.js has no
 * segment with a suffix, so `[id]` receives "12.pdf" and anything else is not found.
 */
export const GET = staffRoute(
  {
    action: 'invoices.read',
    params: ({ id }: { id: string }, { language }) => {
      const match = /^(\d{1,12})\.pdf$/.exec(id);
      return match ? Number(match[1]) : refuse(404, 'notFound', { message: invoiceMessages(language).staff.notFound });
    },
  },
  async ({ payload, params: id, language }) => {
    const facts = await loadInvoiceDocumentInput(payload, id);
    if (!facts) return refuse(404, 'notFound', { message: invoiceMessages(language).staff.notFound });
    const invoice = invoiceDocument(facts);
    const pdf = await renderInvoicePdf(invoice, env().SITE_BRAND);
    return new Response(Buffer.from(pdf), {
      headers: {
        ...NO_STORE,
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${invoice.seriesNumber}.pdf"`,
      },
    });
  },
);
