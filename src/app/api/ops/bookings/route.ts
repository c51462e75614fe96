import { isPhoneNumber } from '@/shop/booking-schema';
import { BOX_OFFICE_METHODS, sellAtBoxOffice, type BoxOfficeMethod } from '@/operations/box-office';
import { searchBookings, SEARCH_LIMIT } from '@/operations/booking-search';
import { quantityFields, type Selection } from '@/booking/pricing';
import { isLocale, type Locale } from '@/i18n/locales';
import { euros } from '@/components/admin/format';
import { fill, plural } from '@/lib/icu-lite';
import { opsMessages } from '@/i18n/ops-messages';
import { json, jsonObject, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/** GET /api/ops/bookings?q=&date=YYYY-MM-DD&tour=id — the office's booking search (50 newest matches). */
export const GET = staffRoute({ action: 'booking.read' }, async ({ payload, request }) => {
  const params = new URL(request.url).searchParams;
  const started = performance.now();
  const results = await searchBookings(payload, {
    q: (params.get('q') ?? '').slice(0, 200),
    date: params.get('date'),
    tour: params.get('tour'),
  });
  return json({ ok: true, results, limit: SEARCH_LIMIT, ms: Math.round(performance.now() - started) });
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

type SaleErrorKey = keyof ReturnType<typeof opsMessages>['sell']['errors'];
const saleStatus: Record<SaleErrorKey, number> = {
  nameRequired: 422,
  emailRequired: 422,
  invalidEmail: 422,
  invoiceToRequired: 422,
  invoiceNameRequired: 422,
  invoiceTaxIdRequired: 422,
  invoiceTaxIdFormat: 422,
  invoiceTaxIdCheckDigit: 422,
  invoiceAddressRequired: 422,
  invoiceDetailsTooLong: 422,
  fullInvoiceRequired: 422,
  chooseDeparture: 422,
  capacityExhausted: 409,
  bookingClosed: 409,
  departureUnavailable: 409,
  departureNotFound: 404,
  notBookableOnline: 409,
  invalidSelection: 422,
  invalidInput: 400,
};

/** A refused sale: its code, the message in the staff member's language, the details (seats left). */
function saleRefusal(language: Locale) {
  const t = opsMessages(language).sell;
  return (error: SaleErrorKey, details: Record<string, unknown> = {}) => {
    const template = t.errors[error];
    const message =
      typeof details.seatsLeft === 'number'
        ? plural(template, details.seatsLeft, language)
        : fill(template, typeof details.limitCents === 'number' ? { limit: euros(details.limitCents, language) } : {});
    return json({ ok: false, error, message, ...details }, saleStatus[error]);
  };
}

/**
 * POST /api/ops/bookings — a box-office or phone sale on the website's seats and rules.
 * Body: { departure, tripType: "roundTrip"|"oneWay", adult, reduced, child, super3, audioGuides,
 * name, surnames?, email?, phone?, mobilePhone?, comments?, locale, method: "cash"|"terminal"|
 * "invoice"|"link", invoiceTo?, invoiceTaxId?, invoiceAddress? (whom the full invoice names: the
 * agency's legal name, tax id and address, required for invoice; for another method, given when the
 * customer wants a full invoice), requestKey? (the same key sells once) }.
 * 201 { ok, reference, status: "paid"|"held", totalCents, holdExpiresAt }; errors carry `error`,
 * a `message` in the staff member's language, for a full boat `seatsLeft`, for invoice details `field`;
 * above the tour's simplified invoice limit without them, `fullInvoiceRequired` with `limitCents`.
 */
export const POST = staffRoute(
  { action: 'booking.sell', body: jsonObject, invalidBody: ({ language }) => saleRefusal(language)('invalidInput') },
  async ({ payload, body, language, by }) => {
    const t = opsMessages(language).sell;
    const refuse = saleRefusal(language);
    const departureId = Number(body.departure);
    if (!Number.isSafeInteger(departureId) || departureId <= 0) return refuse('chooseDeparture');
    const method = body.method as BoxOfficeMethod;
    if (!BOX_OFFICE_METHODS.includes(method)) return refuse('invalidInput', { field: 'method' });
    const locale = isLocale(body.locale) ? body.locale : language;
    const quantities = Object.fromEntries(quantityFields.map((field) => [field, Number(body[field] ?? 0)]));
    const selection = {
      tripType: body.tripType === 'oneWay' ? 'oneWay' : 'roundTrip',
      ...quantities,
    } as Selection;
    const email = text(body.email, 254).toLowerCase();
    if (email && !EMAIL.test(email)) return refuse('invalidEmail', { field: 'email' });
    const phone = text(body.phone, 40);
    const mobilePhone = text(body.mobilePhone, 40);
    for (const [field, value] of [
      ['phone', phone],
      ['mobilePhone', mobilePhone],
    ] as const) {
      if (value && !isPhoneNumber(value)) return refuse('invalidInput', { field });
    }
    const result = await sellAtBoxOffice(payload, {
      departureId,
      selection,
      customer: {
        name: text(body.name, 100),
        surnames: text(body.surnames, 100),
        email,
        phone,
        mobilePhone,
        comments: text(body.comments, 1000) || undefined,
      },
      locale,
      method,
      // Cut a little past the invoice's limits so that too long is refused, never silently shortened.
      invoiceTo: text(body.invoiceTo, 200),
      invoiceTaxId: text(body.invoiceTaxId, 40),
      invoiceAddress: text(body.invoiceAddress, 400),
      ...(typeof body.requestKey === 'string' && body.requestKey ? { requestKey: body.requestKey.slice(0, 100) } : {}),
      by,
    });
    if (!result.ok) {
      const details: Record<string, unknown> = {};
      if (result.seatsLeft !== undefined) details.seatsLeft = result.seatsLeft;
      if (result.field !== undefined) details.field = result.field;
      if (result.limitCents !== undefined) details.limitCents = result.limitCents;
      if (result.violations) details.violations = result.violations.map((v) => ({ ...v, message: t.rules[v.code] }));
      return refuse(result.error, details);
    }
    return json(
      {
        ok: true,
        reference: result.reference,
        status: result.status,
        totalCents: result.totalCents,
        holdExpiresAt: result.holdExpiresAt?.toISOString() ?? null,
        replayed: result.replayed,
      },
      result.replayed ? 200 : 201,
    );
  },
);
