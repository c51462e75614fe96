import {
  createBookingSchema,
  fieldErrors,
  invoiceFields,
  violationErrors,
  type BookingFieldErrors,
} from '@/shop/booking-schema';
import { holdClaimant, identifyVisitor } from '@/shop/hold-limits';
import { holdSessionCookie } from '@/shop/hold-session';
import { isOnClosedDay } from '@/schedule/closed-days';
import { createVisitorHold } from '@/booking/holds';
import { releaseHold } from '@/booking/hold-release';
import { parseRecipient } from '@/invoicing/full-invoice';
import { saveRecipientOf, taxOfBooking } from '@/invoicing/entry-points';
import { overLimit } from '@/lib/endpoint-limits';
import { payloadClient } from '@/lib/payload';
import { mobileE164 } from '@/sms/phone';

import { error, json, readBody } from '../responses';

export const dynamic = 'force-dynamic';

const schema = createBookingSchema();

/**
 * POST /api/shop/holds: the booking form (JSON or form post, the fields of `createBookingSchema`).
 * 201 with the booking reference and hold expiry; 422 with per-field error keys; 409 when the
 * departure has fewer seats left than asked (`capacityExhausted`, with `seatsLeft`).
 *
 * With `invoice` ticked, the buyer's details (`invoiceName`, `invoiceTaxId`, `invoiceAddress`) are
 * checked by invoicing's `parseRecipient` (their errors among the form's, the same 422) and stored
 * for the booking before the visitor can pay, so the paying transaction issues a full invoice (F1)
 * instead of a simplified one; the 201 then names them (`invoice`) for the review step.
 */
export async function POST(request: Request): Promise<Response> {
  const limited = await overLimit('holds', request);
  if (limited) return limited;
  const body = await readBody(request);
  if (!body) return error(400, 'invalidRequest');
  const parsed = schema.safeParse(body);
  const invoice = invoiceDetails(body);
  // Every field's error at once, the invoice's with the rest, as the form shows them after a submit.
  if (!parsed.success || !invoice.ok) {
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed)), ...(invoice.ok ? {} : invoice.errors) };
    return error(422, 'incompleteForm', { errors });
  }
  const form = parsed.data;
  // The day's SMS go to this number: stored in E.164, and refused here (with the visitor's own
  // text left in the form) when it cannot be a mobile, rather than failing on the day.
  const mobile = mobileE164(form.mobilePhone);
  if (!mobile) return error(422, 'incompleteForm', { errors: { mobilePhone: 'notMobile' } });
  const departureId = Number(form.departureId);
  if (!Number.isSafeInteger(departureId) || departureId <= 0) {
    return error(422, 'incompleteForm', { errors: { departureId: 'required' } });
  }
  const payload = await payloadClient();
  // A closed day (25 December…) is never sold, even on a departure generated before it was closed.
  if (await isOnClosedDay(payload, departureId)) return error(409, 'departureUnavailable');
  // Seats one visitor holds across open holds, free children included, counted and claimed inside
  // the hold's own transaction (hold-limits.ts, hold-claims-repository.ts). A party above the per-booking cap
  // gets the selection error (and the group form link) before anything is counted.
  const visitor = identifyVisitor(request);
  const result = await createVisitorHold(payload, {
    departureId,
    selection: {
      tripType: form.tripType,
      adult: form.adult,
      reduced: form.reduced,
      child: form.child,
      super3: form.super3,
      audioGuides: form.audioGuides,
    },
    customer: {
      name: form.name,
      surnames: form.surnames,
      email: form.email,
      phone: form.phone,
      mobilePhone: mobile,
      comments: form.comments,
    },
    locale: form.locale,
    visitor: holdClaimant(visitor),
  });
  if (result.ok) {
    // Above the tour's simplified invoice limit the sale is invoiced in full, and a full invoice
    // names its recipient (decision 164): without the details the seats are given back and the
    // form asks for them, before the visitor can pay.
    if (!invoice.details) {
      const { simplifiedLimitCents } = await taxOfBooking(payload, result.bookingId);
      if (result.totalCents > simplifiedLimitCents) {
        await releaseHold(payload, result.reference).catch(() => undefined);
        return withVisitorCookie(
          error(422, 'incompleteForm', {
            errors: { invoice: 'fullInvoiceRequired' },
            limitCents: simplifiedLimitCents,
          }),
          visitor.setCookie,
        );
      }
    }
    if (invoice.details) {
      const details = invoice.details;
      // Booking may not call invoicing, so the details are stored here, in their own transaction
      // right after the hold's and before the payment can start. Seats held for a buyer whose
      // invoice we could not record would be paid with a simplified one: they are given back.
      try {
        await saveRecipientOf(payload, result.bookingId, details);
      } catch (failure) {
        await releaseHold(payload, result.reference).catch(() => undefined);
        throw failure;
      }
    }
    const recipient = invoice.details?.recipient;
    const created = json(
      {
        ok: true,
        reference: result.reference,
        holdExpiresAt: result.holdExpiresAt.toISOString(),
        totalCents: result.totalCents,
        seats: result.quote.seats,
        ...(recipient
          ? { invoice: { name: recipient.name, taxId: 'nif' in recipient ? recipient.nif : recipient.id } }
          : {}),
      },
      201,
    );
    // Only this browser may read the customer's details back by reference (hold-session.ts).
    created.headers.append('Set-Cookie', holdSessionCookie(result.reference));
    return withVisitorCookie(created, visitor.setCookie);
  }
  switch (result.error) {
    case 'holdLimitReached':
      return withVisitorCookie(
        error(429, 'holdLimitReached', { heldSeats: result.heldSeats, limit: result.limit }),
        visitor.setCookie,
      );
    case 'invalidSelection':
      return error(422, 'incompleteForm', { errors: violationErrors(result.violations ?? []) });
    case 'capacityExhausted':
      return error(409, 'capacityExhausted', {
        seatsLeft: result.seatsLeft ?? 0,
        errors: { form: 'capacityExhausted' },
      });
    case 'departureNotFound':
      return error(404, 'departureNotFound');
    default:
      // bookingClosed, departureUnavailable, notBookableOnline
      return error(409, result.error);
  }
}

type InvoiceDetails = NonNullable<Extract<ReturnType<typeof parseRecipient>, { ok: true }>['details']>;

/** The ticked invoice's details, checked; none when the box was left unticked. */
function invoiceDetails(
  body: Record<string, unknown>,
): { ok: true; details: InvoiceDetails | null } | { ok: false; errors: BookingFieldErrors } {
  const wanted = schema.shape.invoice.safeParse(body.invoice);
  if (!wanted.success || !wanted.data) return { ok: true, details: null };
  const checked = parseRecipient({
    name: body[invoiceFields.name],
    taxId: body[invoiceFields.taxId],
    address: body[invoiceFields.address],
  });
  if (checked.ok) return { ok: true, details: checked.details };
  const errors: BookingFieldErrors = {};
  for (const [field, problem] of Object.entries(checked.problems)) {
    errors[invoiceFields[field as keyof typeof invoiceFields]] = problem;
  }
  return { ok: false, errors };
}

function withVisitorCookie(response: Response, setCookie: string | null): Response {
  if (setCookie) response.headers.append('Set-Cookie', setCookie);
  return response;
}
