import { createHash, randomUUID } from 'node:crypto';

import { paymentProvider } from '@/booking/checkout';
import { ticketCategories, type TicketCategory } from '@/booking/pricing';
import { saleNetCents, unitNetCents, type ResellerTerms } from '@/booking/reseller-rates';
import {
  cancelResellerBooking,
  confirmResellerBooking,
  extendResellerHold,
  findResellerBooking,
  findResellerBookings,
  reserveForReseller,
  updateHeldBooking,
  uuidTaken,
  type HeldChanges,
  type ResellerBooking,
  type ResellerUnit,
} from '@/resellers/sales';
import { matchAcceptLanguage } from '@/i18n/locales';
import { isLocalDate } from '@/booking/time';
import { env } from '@/lib/env';
import { bookingSignatureFor } from '@/booking/signature';

import {
  availabilityOf,
  categoryOfUnit,
  departuresOf,
  optionOf,
  optionsOf,
  pricing,
  soldTour,
  ticketVatPct,
  UNIT_IDS,
} from './catalogue';
import { OctoError, type OctoContext } from './http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Unit items are our people, in ticket order. Their uuids are the reseller's when it sent them
 * (kept on the booking); bookings made before they were kept derive theirs from the booking's.
 */
function unitItemUuid(bookingUuid: string, index: number): string {
  const h = createHash('sha256').update(`${bookingUuid}:${index}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const pdfUrl = (reference: string, departureAt: Date) =>
  `${env().SITE_URL}/api/shop/bookings/${reference}/pdf?firma=${bookingSignatureFor(reference, departureAt)}`;

function statusOf(b: ResellerBooking): string {
  if (b.status === 'held') return 'ON_HOLD';
  if (b.status === 'expired') return 'EXPIRED';
  if (b.status === 'cancelled' || b.status === 'refundPending') return 'CANCELLED';
  const valid = b.tickets.filter((t) => !t.voidedAt);
  if (valid.length > 0 && valid.every((t) => t.checkedInAt)) return 'REDEEMED';
  return 'CONFIRMED';
}

function contactOf(b: ResellerBooking) {
  const fullName = [b.customer.name, b.customer.surnames].filter(Boolean).join(' ');
  return {
    fullName: fullName || null,
    firstName: b.customer.name || null,
    lastName: b.customer.surnames || null,
    emailAddress: b.customer.email || null,
    phoneNumber: b.customer.phone || null,
    locales: [b.locale],
    postalCode: null,
    country: null,
    notes: null,
  };
}

export async function bookingOf(ctx: OctoContext, b: ResellerBooking) {
  const tour = await soldTour(ctx, String(b.tourId)).catch(() => null);
  const option = tour ? optionsOf(tour.settings).find((o) => o.tripType === b.tripType) : undefined;
  const status = statusOf(b);
  const contact = contactOf(b);
  const confirmed = status === 'CONFIRMED' || status === 'REDEEMED';
  const prices = tour?.settings.priceList
    ? { ...(b.tripType === 'oneWay' ? tour.settings.priceList.oneWay! : tour.settings.priceList.roundTrip), super3: 0 }
    : null;
  const vatPct = tour ? ticketVatPct(tour.settings) : 0;
  const people: TicketCategory[] = ticketCategories.flatMap((c) => Array<TicketCategory>(b[c]).fill(c));
  const valid = b.tickets.filter((t) => !t.voidedAt);
  // A confirmed booking keeps the commission it was sold at, the net it owes and each unit's net
  // (fixed at sale); a hold, and bookings confirmed before they were kept, show today's terms.
  const terms: ResellerTerms = {
    commissionPercent: b.commissionPercent ?? ctx.reseller.commissionPercent,
    netRates: ctx.reseller.netRates,
  };
  const departure = tour ? (await departuresOf(ctx.payload, tour, { ids: [b.departureId] }))[0] : undefined;
  const redeemedAt =
    valid.length > 0 && valid.every((t) => t.checkedInAt) ? valid.map((t) => t.checkedInAt!.getTime()) : [];
  return {
    id: b.reference,
    uuid: b.uuid,
    testMode: false,
    resellerReference: b.resellerReference,
    supplierReference: b.reference,
    status,
    utcCreatedAt: b.createdAt.toISOString(),
    utcUpdatedAt: b.updatedAt.toISOString(),
    utcExpiresAt: status === 'ON_HOLD' ? b.holdExpiresAt.toISOString() : null,
    utcRedeemedAt: redeemedAt.length ? new Date(Math.max(...redeemedAt)).toISOString() : null,
    utcConfirmedAt: b.paidAt ? b.paidAt.toISOString() : null,
    productId: String(b.tourId),
    optionId: option?.id ?? 'DEFAULT',
    cancellable: status === 'ON_HOLD' || (status === 'CONFIRMED' && b.startsAt.getTime() - Date.now() >= 24 * 3600_000),
    cancellation:
      status === 'CANCELLED'
        ? {
            refund: b.paidAt ? 'FULL' : 'NONE',
            reason: null,
            utcCancelledAt: (b.cancelledAt ?? b.updatedAt).toISOString(),
          }
        : null,
    freesale: false,
    availabilityId: String(b.departureId),
    availability: tour && departure ? availabilityOf(ctx, tour, b.tripType, departure, []) : null,
    contact,
    notes: b.customer.comments ?? null,
    deliveryMethods: ['TICKET', 'VOUCHER'],
    voucher: confirmed
      ? {
          redemptionMethod: 'DIGITAL',
          utcRedeemedAt: null,
          deliveryOptions: [
            { deliveryFormat: 'QRCODE', deliveryValue: b.reference },
            { deliveryFormat: 'PDF_URL', deliveryValue: pdfUrl(b.reference, b.startsAt) },
          ],
        }
      : null,
    unitItems: people.map((category, index) => {
      const ticket = confirmed ? valid[index] : undefined;
      return {
        uuid: b.units?.[index]?.uuid ?? unitItemUuid(b.uuid, index),
        resellerReference: b.units?.[index]?.resellerReference ?? null,
        supplierReference: ticket?.code ?? null,
        unitId: UNIT_IDS[category],
        status,
        utcRedeemedAt: ticket?.checkedInAt?.toISOString() ?? null,
        contact,
        ticket: ticket
          ? {
              redemptionMethod: 'DIGITAL',
              utcRedeemedAt: ticket.checkedInAt?.toISOString() ?? null,
              deliveryOptions: [
                { deliveryFormat: 'QRCODE', deliveryValue: ticket.code },
                { deliveryFormat: 'PDF_URL', deliveryValue: pdfUrl(b.reference, b.startsAt) },
              ],
            }
          : null,
        ...(ctx.pricing && prices
          ? {
              pricing: pricing(
                prices[category],
                b.unitNets?.[category] ?? unitNetCents(terms, b.tourId, category, prices[category]),
                vatPct,
              ),
            }
          : {}),
      };
    }),
    ...(ctx.pricing && prices
      ? {
          pricing: pricing(
            people.reduce((sum, c) => sum + prices[c], 0),
            b.netCents ??
              saleNetCents(
                terms,
                b.tourId,
                ticketCategories.map((category) => ({
                  category,
                  quantity: b[category],
                  retailCents: prices[category],
                })),
              ),
            vatPct,
          ),
        }
      : {}),
  };
}

const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' ? value.trim().slice(0, max) : value === null ? '' : undefined;

/** OCTO's contact (and notes, resellerReference) as our booking's changes. */
function changesOf(body: Record<string, unknown>): HeldChanges {
  const contact = (body.contact && typeof body.contact === 'object' ? body.contact : {}) as Record<string, unknown>;
  let name = text(contact.firstName, 100);
  let surnames = text(contact.lastName, 100);
  const fullName = text(contact.fullName, 200);
  if (name === undefined && surnames === undefined && fullName !== undefined) {
    const [first = '', ...rest] = fullName.split(/\s+/);
    name = first;
    surnames = rest.join(' ');
  }
  const email = text(contact.emailAddress, 254)?.toLowerCase();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new OctoError('BAD_REQUEST', 'Invalid emailAddress');
  const phone = text(contact.phoneNumber, 40);
  const notes = text(body.notes, 1000) ?? text(contact.notes, 1000);
  const customer: HeldChanges['customer'] = {};
  if (name !== undefined) customer.name = name;
  if (surnames !== undefined) customer.surnames = surnames;
  if (email !== undefined) customer.email = email;
  if (phone !== undefined) {
    customer.phone = phone;
    customer.mobilePhone = phone;
  }
  if (notes !== undefined) customer.comments = notes;
  const reference = text(body.resellerReference, 100);
  const changes: HeldChanges = {
    customer,
    ...(reference !== undefined ? { resellerReference: reference || null } : {}),
  };
  // The guest's language, when the reseller names one of ours (OCTO `contact.locales`, e.g. "es-ES").
  const locales = Array.isArray(contact.locales) ? contact.locales.filter((l) => typeof l === 'string') : [];
  const locale = locales.length ? matchAcceptLanguage(locales.join(',')) : undefined;
  if (locale) changes.locale = locale;
  if (body.emailReceipt !== undefined) {
    if (typeof body.emailReceipt !== 'boolean')
      throw new OctoError('BAD_REQUEST', 'emailReceipt must be true or false');
    changes.ticketsByEmail = body.emailReceipt;
  }
  return changes;
}

type UnitItems = { counts: Record<TicketCategory, number>; units: ResellerUnit[] };

/**
 * The reseller's unit items as our people: how many of each category, and each person's uuid
 * and reference in ticket order (adults, reduced, children, Super3; in the reseller's order within
 * a category). A unit item without a uuid gets one of ours, kept from then on.
 */
function unitItemsOf(value: unknown): UnitItems {
  if (!Array.isArray(value) || value.length === 0) throw new OctoError('BAD_REQUEST', 'unitItems is required');
  const counts: Record<TicketCategory, number> = { adult: 0, reduced: 0, child: 0, super3: 0 };
  const seen = new Set<string>();
  const items = value.map((raw: unknown, index) => {
    const item = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const category = categoryOfUnit(item.unitId);
    counts[category]++;
    let uuid: string = randomUUID();
    if (item.uuid !== undefined && item.uuid !== null) {
      if (typeof item.uuid !== 'string' || !UUID.test(item.uuid))
        throw new OctoError('BAD_REQUEST', `unitItems[${index}].uuid must be a UUID`);
      uuid = item.uuid.toLowerCase();
    }
    if (seen.has(uuid)) throw new OctoError('BAD_REQUEST', `unitItems[${index}].uuid is repeated`);
    seen.add(uuid);
    const reference = text(item.resellerReference, 100);
    return { category, unit: { uuid, resellerReference: reference || null } };
  });
  const units = ticketCategories.flatMap((category) =>
    items.filter((item) => item.category === category).map((item) => item.unit),
  );
  return { counts, units };
}

/** Unit items sent on a booking already made: the same people renamed, never more or fewer. */
function sameUnits(booking: ResellerBooking, value: unknown): ResellerUnit[] | undefined {
  if (value === undefined) return undefined;
  const { counts, units } = unitItemsOf(value);
  if (ticketCategories.some((category) => counts[category] !== booking[category])) {
    throw new OctoError('UNPROCESSABLE_ENTITY', 'unitItems cannot change the people booked: cancel and reserve again');
  }
  return units;
}

async function own(ctx: OctoContext, uuid: string): Promise<ResellerBooking> {
  const booking = UUID.test(uuid) ? await findResellerBooking(ctx.payload, ctx.reseller.id, uuid) : null;
  if (!booking) throw new OctoError('INVALID_BOOKING_UUID', 'Unknown booking', { uuid });
  return booking;
}

/**
 * What to do with a reservation whose uuid is already a booking (docs/decisions/128-scans-retries-and-retention.md).
 * OCTO's uuid is the reseller's idempotency key: the same request again (its answer got lost) gets
 * the booking it made, whatever its state now; another request under that uuid is refused, saying
 * what differs, since answering with the first booking would let the reseller believe it made a
 * second one. Another reseller's uuid is refused without a word about the booking.
 */
async function retriedReservation(ctx: OctoContext, uuid: string, body: Record<string, unknown>) {
  const taken = await uuidTaken(ctx.payload, uuid);
  if (!taken) return null;
  if (taken.resellerId !== ctx.reseller.id) {
    throw new OctoError('BAD_REQUEST', `The uuid ${uuid} is already taken: send a new uuid for a new booking`);
  }
  const booking = await own(ctx, uuid);
  const differs: string[] = [];
  if (String(body.productId ?? '') !== String(booking.tourId)) differs.push('productId');
  else if (optionOf(await soldTour(ctx, body.productId), body.optionId).tripType !== booking.tripType) {
    differs.push('optionId');
  }
  if (String(body.availabilityId ?? '') !== String(booking.departureId)) differs.push('availabilityId');
  const { counts } = unitItemsOf(body.unitItems);
  const sent = (Array.isArray(body.unitItems) ? body.unitItems : [])
    .map((item: unknown) => (item && typeof item === 'object' ? (item as { uuid?: unknown }).uuid : undefined))
    .filter((u): u is string => typeof u === 'string')
    .map((u) => u.toLowerCase());
  const kept = new Set(booking.units?.map((unit) => unit.uuid) ?? []);
  if (
    ticketCategories.some((category) => counts[category] !== booking[category]) ||
    (booking.units && sent.some((u) => !kept.has(u)))
  ) {
    differs.push('unitItems');
  }
  if (differs.length > 0) {
    throw new OctoError(
      'BAD_REQUEST',
      `The uuid ${uuid} is already your booking ${booking.reference}, made with another ${differs.join(', ')}: ` +
        'send a new uuid for a new booking, or the same request again to get that booking',
    );
  }
  return bookingOf(ctx, booking);
}

function requestedUuid(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !UUID.test(value)) throw new OctoError('BAD_REQUEST', 'uuid must be a UUID');
  return value.toLowerCase();
}

export async function reserve(ctx: OctoContext, body: Record<string, unknown>) {
  const asked = requestedUuid(body.uuid);
  if (asked) {
    const retried = await retriedReservation(ctx, asked, body);
    if (retried) return retried;
  }
  const tour = await soldTour(ctx, body.productId);
  const option = optionOf(tour, body.optionId);
  const departureId =
    typeof body.availabilityId === 'string' && /^\d{1,9}$/.test(body.availabilityId)
      ? Number(body.availabilityId)
      : NaN;
  const [departure] = Number.isSafeInteger(departureId)
    ? await departuresOf(ctx.payload, tour, { ids: [departureId] })
    : [];
  if (!departure) {
    throw new OctoError('INVALID_AVAILABILITY_ID', 'Unknown availability', {
      availabilityId: String(body.availabilityId ?? ''),
    });
  }
  const { counts, units } = unitItemsOf(body.unitItems);
  if (body.expirationMinutes !== undefined && !Number.isSafeInteger(body.expirationMinutes)) {
    throw new OctoError('BAD_REQUEST', 'expirationMinutes must be an integer');
  }
  const uuid = asked ?? randomUUID();
  const changes = changesOf(body);
  const c = changes.customer ?? {};
  const reserving = reserveForReseller(ctx.payload, {
    resellerId: ctx.reseller.id,
    uuid,
    resellerReference: changes.resellerReference ?? null,
    units,
    departureId: departure.id,
    selection: { ...counts, audioGuides: 0, tripType: option.tripType },
    customer: {
      name: c.name ?? '',
      surnames: c.surnames ?? '',
      email: c.email ?? '',
      phone: c.phone ?? '',
      mobilePhone: c.mobilePhone ?? '',
      comments: c.comments || undefined,
    },
    locale: changes.locale ?? ctx.locale,
    expirationMinutes: body.expirationMinutes as number | undefined,
  });
  let hold: Awaited<typeof reserving>;
  try {
    hold = await reserving;
  } catch (error) {
    // The same request sent twice at once: the database let one of them have the uuid (its seats
    // went back with the other's transaction); this one answers as its retry.
    const retried = asked ? await retriedReservation(ctx, asked, body) : null;
    if (retried) return retried;
    throw error;
  }
  if (!hold.ok) {
    const why =
      hold.error === 'capacityExhausted'
        ? `Only ${hold.seatsLeft ?? 0} seats left on this departure`
        : hold.error === 'invalidSelection'
          ? `Ticket rules: ${(hold.violations ?? []).map((v) => v.code).join(', ')}`
          : hold.error === 'bookingClosed'
            ? 'Sales for this departure are closed'
            : 'This departure is not on sale';
    throw new OctoError('UNPROCESSABLE_ENTITY', why);
  }
  return bookingOf(ctx, await own(ctx, uuid));
}

export async function confirm(ctx: OctoContext, uuid: string, body: Record<string, unknown>) {
  const booking = await own(ctx, uuid);
  const units = booking.status === 'held' ? sameUnits(booking, body.unitItems) : undefined;
  const result = await confirmResellerBooking(ctx.payload, {
    bookingId: booking.id,
    resellerId: ctx.reseller.id,
    resellerName: ctx.reseller.name,
    // OCTO's emailReceipt defaults to false: a reseller's hold is made with no ticket e-mail,
    // and only emailReceipt: true (here or in an earlier update) has the tickets e-mailed.
    changes: { ...changesOf(body), ...(units ? { units } : {}) },
  });
  if (!result.ok)
    throw new OctoError('UNPROCESSABLE_ENTITY', `The booking is ${statusOf(booking)} and cannot be confirmed`);
  return bookingOf(ctx, await own(ctx, uuid));
}

export async function extend(ctx: OctoContext, uuid: string, body: Record<string, unknown>) {
  const booking = await own(ctx, uuid);
  if (body.expirationMinutes !== undefined && !Number.isSafeInteger(body.expirationMinutes)) {
    throw new OctoError('BAD_REQUEST', 'expirationMinutes must be an integer');
  }
  const result = await extendResellerHold(ctx.payload, {
    bookingId: booking.id,
    minutes: body.expirationMinutes as number | undefined,
  });
  if (!result.ok) throw new OctoError('UNPROCESSABLE_ENTITY', `The booking is ${statusOf(booking)}, not on hold`);
  return bookingOf(ctx, await own(ctx, uuid));
}

export async function update(ctx: OctoContext, uuid: string, body: Record<string, unknown>) {
  const booking = await own(ctx, uuid);
  for (const field of ['productId', 'optionId', 'availabilityId'] as const) {
    if (body[field] !== undefined)
      throw new OctoError('UNPROCESSABLE_ENTITY', `${field} cannot be changed: cancel and reserve again`);
  }
  const units = sameUnits(booking, body.unitItems);
  const result = await updateHeldBooking(ctx.payload, {
    bookingId: booking.id,
    changes: { ...changesOf(body), ...(units ? { units } : {}) },
  });
  if (!result.ok) throw new OctoError('UNPROCESSABLE_ENTITY', 'Only a booking on hold can be changed');
  return bookingOf(ctx, await own(ctx, uuid));
}

export async function cancel(ctx: OctoContext, uuid: string, body: Record<string, unknown>) {
  const booking = await own(ctx, uuid);
  const reason = (text(body.reason, 300) || 'cancelled by the reseller').slice(0, 300);
  const result = await cancelResellerBooking(ctx.payload, { booking, reason }, { provider: paymentProvider() });
  if (!result.ok) {
    throw new OctoError(
      'UNPROCESSABLE_ENTITY',
      result.error === 'pastCutoff'
        ? 'The cancellation cut-off (24 hours before departure) has passed'
        : `The booking is ${statusOf(booking)} and cannot be cancelled`,
    );
  }
  return bookingOf(ctx, await own(ctx, uuid));
}

export async function get(ctx: OctoContext, uuid: string) {
  return bookingOf(ctx, await own(ctx, uuid));
}

export async function list(ctx: OctoContext, params: URLSearchParams) {
  const query = {
    resellerReference: params.get('resellerReference') ?? undefined,
    supplierReference: params.get('supplierReference') ?? undefined,
    localDate: params.get('localDate') ?? undefined,
  };
  if (!query.resellerReference && !query.supplierReference && !query.localDate) {
    throw new OctoError('BAD_REQUEST', 'Give resellerReference, supplierReference or localDate');
  }
  if (query.localDate !== undefined && !isLocalDate(query.localDate))
    throw new OctoError('BAD_REQUEST', 'localDate must be YYYY-MM-DD');
  const found = await findResellerBookings(ctx.payload, ctx.reseller.id, query);
  const out = [];
  for (const booking of found) out.push(await bookingOf(ctx, booking));
  return out;
}
