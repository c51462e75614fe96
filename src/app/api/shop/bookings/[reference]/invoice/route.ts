import { z } from 'zod';

import { checkBookingLink } from '@/booking/signature';
import { requestFullInvoice } from '@/invoicing/full-invoice';
import { overLimit } from '@/lib/endpoint-limits';
import { payloadClient } from '@/lib/payload';

export const dynamic = 'force-dynamic';

/** A signed link's answer is this visitor's alone: no shared cache may keep it, nor the browser. */
const PRIVATE = { 'Cache-Control': 'private, no-store' } as const;
const json = (body: unknown, status = 200) => Response.json(body, { status, headers: PRIVATE });

/**
 * Three short fields and the signature. The server caps /api/shop bodies at 16 kB before Next
 * reads them (security/body-limit.mjs); this route needs far less. A field a little over the
 * invoice's own limits is still read, so the visitor is told which field is too long.
 */
const MAX_BODY_CHARS = 4_096;
const field = z.string().max(1_000).optional();
const bodySchema = z.object({ firma: z.string().max(128), name: field, taxId: field, address: field });

/** The AEAT's DD-MM-YYYY as the YYYY-MM-DD dates travel as everywhere else. */
function isoDate(aeatDate: string): string {
  const [day, month, year] = aeatDate.split('-');
  return `${year}-${month}-${day}`;
}

/**
 * POST /api/shop/bookings/{reference}/invoice `{ firma, name, taxId, address }`: a visitor who
 * paid asks, from the signed link on their booking page, for a full invoice (F3) that replaces
 * the simplified one. Asking again answers the F3 already issued. 400 `invalid` names each
 * field's problem (`required`, `tooLong`, `taxIdFormat`, `taxIdCheckDigit`); 409 `notPaid` or
 * `alreadyFull`; 403 `invalidLink` or `linkExpired`.
 */
export async function POST(request: Request, context: { params: Promise<{ reference: string }> }): Promise<Response> {
  const limited = await overLimit('invoices', request);
  if (limited) return limited;
  const { reference } = await context.params;
  const text = await request.text().catch(() => '');
  if (text.length > MAX_BODY_CHARS) return json({ ok: false, error: 'invalidRequest' }, 413);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: refused below, like any other malformed body.
  }
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) return json({ ok: false, error: 'invalidRequest' }, 400);
  const payload = await payloadClient();
  const link = await checkBookingLink(payload, reference, parsed.data.firma);
  if (link !== 'valid') return json({ ok: false, error: link === 'expired' ? 'linkExpired' : 'invalidLink' }, 403);
  const { name, taxId, address } = parsed.data;
  const result = await requestFullInvoice(payload, reference, { name, taxId, address });
  if (!result.ok) {
    const status = result.error === 'invalid' ? 400 : result.error === 'notFound' ? 404 : 409;
    return json({ ok: false, error: result.error, ...(result.problems ? { problems: result.problems } : {}) }, status);
  }
  const { invoice } = result;
  return json({
    ok: true,
    invoice: {
      type: invoice.type,
      seriesNumber: invoice.seriesNumber,
      issueDate: isoDate(invoice.issueDate),
      totalCents: invoice.totalCents,
    },
  });
}
