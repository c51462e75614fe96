import { invoiceMessages } from '@/invoicing/document';
import { staffInvoicesOf } from '@/invoicing/entry-points';
import { json, refuse, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ops/invoices?booking={reference} — a booking's invoices (sale, top-ups, rectifying
 * ones) with their record's huella and where it stands with the AEAT.
 */
export const GET = staffRoute(
  {
    action: 'invoices.read',
    params: (_raw, { request, language }) =>
      new URL(request.url).searchParams.get('booking')?.trim() ||
      refuse(400, 'bookingRequired', { message: invoiceMessages(language).staff.bookingRequired }),
  },
  async ({ payload, params: reference, language }) => {
    const invoices = await staffInvoicesOf(payload, reference);
    if (!invoices) return refuse(404, 'notFound', { message: invoiceMessages(language).staff.bookingNotFound });
    return json({ ok: true, invoices });
  },
);
