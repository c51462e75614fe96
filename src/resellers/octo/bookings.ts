import { createHash, randomUUID } from 'node:crypto';

import { paymentProvider } from '@/booking/checkout';
import { ticketCategories, type TicketCategory } from '@/booking/pricing';
import { saleNetCents, unitNetCents, type ResellerTerms } from '@/resellers/rates';
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
  changeResellerBooking,
  updateResellerDetails,
  type ResellerBooking,
  type ResellerChange,
  type ResellerChangeResult,
  type ResellerContact,
  type ResellerUnit,
} from '@/resellers/sales';
import { matchAcceptLanguage } from '@/i18n/locales';
import { isLocalDate } from '@/i18n/time';
import { env } from '@/lib/env';
import { bookingSignatureFor } from '@/booking/signature';
import { shopDb } from '@/booking/db';
import { bookingAdmissions, type VisitorAdmission } from '@/partners/admissions-repository';

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
import type { TaxedPart } from './included-taxes';

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
  // A hold let go (cancelled before it was ever confirmed) is EXPIRED in OCTO's words: the
  // reservation lapsed, nothing was sold. CANCELLED is for a confirmed sale undone.
  if (b.status === 'expired' || (b.status === 'cancelled' && !b.paidAt)) return 'EXPIRED';
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
    postalCode: b.contactExtra.postalCode ?? null,
    country: b.contactExtra.country ?? null,
    notes: b.contactExtra.notes ?? null,
  };
}

/** A unit item's own contact when the reseller sent one, else the booking's. */
function unitContactOf(unit: ResellerUnit | undefined, booking: ReturnType<typeof contactOf>) {
  const own = unit?.contact;
  if (!own) return booking;
  return {
    fullName: own.fullName ?? null,
    firstName: own.firstName ?? null,
    lastName: own.lastName ?? null,
    emailAddress: own.emailAddress ?? null,
    phoneNumber: own.phoneNumber ?? null,
    locales: own.locales ?? [],
    postalCode: own.postalCode ?? null,
    country: own.country ?? null,
    notes: own.notes ?? null,
  };
}

/**
 * A combined tour's admissions on a unit item's ticket (decision 175), for OCTO clients: each as a
 * further QRCODE delivery option after the boat's own (and the PDF, which prints them all), and in
 * full in `admissions`, our extension of the unit item (docs/resellers.md).
 */
function admissionsOfTicket(admissions: readonly VisitorAdmission[], ticketCode: string | undefined) {
  return ticketCode ? admissions.filter((admission) => admission.ticketCode === ticketCode) : [];
}

const taxedParts = (admissions: readonly VisitorAdmission[]): TaxedPart[] =>
  admissions.map((admission) => ({
    cents: admission.shareCents,
    treatment: admission.taxTreatment,
    ratePct: admission.vatRatePct,
  }));

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
  const admissions = await bookingAdmissions(shopDb(ctx.payload), b.id, b.locale);
  // What each unit's price holds besides the boat: the parts its ticket's admissions were sold with
  // (fixed at sale), else (a hold, a cancelled booking) the tour's parts today.
  const unitParts = people.map((category, index): TaxedPart[] => {
    const sold = admissionsOfTicket(admissions, valid[index]?.code).filter((a) => a.status !== 'cancelled');
    return sold.length > 0 ? taxedParts(sold) : (tour?.unitParts[category] ?? []);
  });
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
      b.status === 'cancelled' || b.status === 'refundPending'
        ? {
            refund: b.paidAt ? 'FULL' : 'NONE',
            reason: b.cancelReason,
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
      const own = admissionsOfTicket(admissions, ticket?.code).filter((a) => a.status !== 'cancelled');
      return {
        uuid: b.units?.[index]?.uuid ?? unitItemUuid(b.uuid, index),
        resellerReference: b.units?.[index]?.resellerReference ?? null,
        supplierReference: ticket?.code ?? null,
        unitId: UNIT_IDS[category],
        status,
        utcRedeemedAt: ticket?.checkedInAt?.toISOString() ?? null,
        contact: unitContactOf(b.units?.[index], contact),
        ticket: ticket
          ? {
              redemptionMethod: 'DIGITAL',
              utcRedeemedAt: ticket.checkedInAt?.toISOString() ?? null,
              deliveryOptions: [
                { deliveryFormat: 'QRCODE', deliveryValue: ticket.code },
                { deliveryFormat: 'PDF_URL', deliveryValue: pdfUrl(b.reference, b.startsAt) },
                ...own.map((admission) => ({ deliveryFormat: 'QRCODE', deliveryValue: admission.code })),
              ],
            }
          : null,
        ...(own.length > 0
          ? {
              admissions: own.map((admission) => ({
                partner: admission.partner,
                code: admission.code,
                deliveryFormat: 'QRCODE',
                status: admission.status === 'used' ? 'REDEEMED' : 'CONFIRMED',
                utcRedeemedAt: admission.usedAt?.toISOString() ?? null,
                localDateStart: admission.validFrom,
                localDateEnd: admission.validUntil,
                address: admission.address,
                openingHours: admission.openingHours,
                mapUrl: admission.mapUrl || null,
              })),
            }
          : {}),
        ...(ctx.pricing && prices
          ? {
              pricing: pricing(
                prices[category],
                b.unitNets?.[category] ?? unitNetCents(terms, b.tourId, category, prices[category]),
                vatPct,
                unitParts[index],
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
            unitParts.flat(),
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
  // OCTO has two notes: the booking's (ours: the lead's comments) and the contact's (kept apart).
  const notes = text(body.notes, 1000);
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
  if (contact.notes !== undefined || contact.country !== undefined || contact.postalCode !== undefined) {
    changes.contactExtra = {
      notes: text(contact.notes, 1000) || null,
      country: text(contact.country, 2)?.toUpperCase() || null,
      postalCode: text(contact.postalCode, 20) || null,
    };
  }
  if (body.emailReceipt !== undefined) {
    if (typeof body.emailReceipt !== 'boolean')
      throw new OctoError('BAD_REQUEST', 'emailReceipt must be true or false');
    changes.ticketsByEmail = body.emailReceipt;
  }
  return changes;
}

/** A unit item's own contact (OCTO lets each person have one), kept as sent, trimmed. */
function unitContact(value: unknown): ResellerContact | null {
  if (!value || typeof value !== 'object') return null;
  const c = value as Record<string, unknown>;
  const email = text(c.emailAddress, 254)?.toLowerCase();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new OctoError('BAD_REQUEST', 'Invalid emailAddress');
  const contact: ResellerContact = {
    fullName: text(c.fullName, 200) || null,
    firstName: text(c.firstName, 100) || null,
    lastName: text(c.lastName, 100) || null,
    emailAddress: email || null,
    phoneNumber: text(c.phoneNumber, 40) || null,
    country: text(c.country, 2)?.toUpperCase() || null,
    postalCode: text(c.postalCode, 20) || null,
    notes: text(c.notes, 1000) || null,
    locales: Array.isArray(c.locales) ? c.locales.filter((l): l is string => typeof l === 'string').slice(0, 5) : [],
  };
  const given = Object.entries(contact).some(([k, v]) => (k === 'locales' ? (v as string[]).length > 0 : v !== null));
  return given ? contact : null;
}

type UnitItems = { counts: Record<TicketCategory, number>; units: ResellerUnit[] };

/**
 * The reseller's unit items as our people: how many of each category, and each person's uuid
 * and reference in ticket order (adults, reduced, children, Super3; in the reseller's order within
 * a category). A unit item without a uuid gets one of ours, kept from then on.
 */
function unitItemsOf(value: unknown): UnitItems {
  // OCTO's validator expects UNPROCESSABLE_ENTITY, not BAD_REQUEST, for a booking of nobody.
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0))
    throw new OctoError('UNPROCESSABLE_ENTITY', 'unitItems must name at least one unit');
  if (!Array.isArray(value)) throw new OctoError('BAD_REQUEST', 'unitItems must be a list');
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
    const unit: ResellerUnit = { uuid, resellerReference: reference || null };
    const contact = unitContact(item.contact);
    if (contact) unit.contact = contact;
    return { category, unit };
  });
  const units = ticketCategories.flatMap((category) =>
    items.filter((item) => item.category === category).map((item) => item.unit),
  );
  return { counts, units };
}

/** What an update or a confirmation asks of the booking's departure, trip and people. */
type Wanted = { to: ResellerChange; units: ResellerUnit[] | undefined; reshaped: boolean };

/**
 * The booking's new shape from an update's (or a confirmation's) `productId`, `optionId`,
 * `availabilityId` and `unitItems`; each one not sent stays as it is. Another product needs its
 * availability (a departure is one tour's); the unit items, when sent, are all the people.
 */
async function wantedOf(ctx: OctoContext, booking: ResellerBooking, body: Record<string, unknown>): Promise<Wanted> {
  const productChanged = body.productId !== undefined && String(body.productId) !== String(booking.tourId);
  const tour = await soldTour(ctx, body.productId ?? String(booking.tourId));
  const current = optionsOf(tour.settings).find((o) => o.tripType === booking.tripType);
  const option = optionOf(tour, body.optionId ?? (productChanged ? undefined : current?.id));
  let departureId = booking.departureId;
  if (body.availabilityId !== undefined || productChanged) {
    const id =
      typeof body.availabilityId === 'string' && /^\d{1,9}$/.test(body.availabilityId)
        ? Number(body.availabilityId)
        : NaN;
    const [departure] = Number.isSafeInteger(id) ? await departuresOf(ctx.payload, tour, { ids: [id] }) : [];
    if (!departure) {
      throw new OctoError('INVALID_AVAILABILITY_ID', 'Unknown availability', {
        availabilityId: String(body.availabilityId ?? ''),
      });
    }
    departureId = departure.id;
  }
  let counts: Record<TicketCategory, number> = {
    adult: booking.adult,
    reduced: booking.reduced,
    child: booking.child,
    super3: booking.super3,
  };
  let units: ResellerUnit[] | undefined;
  if (body.unitItems !== undefined) ({ counts, units } = unitItemsOf(body.unitItems));
  const reshaped =
    departureId !== booking.departureId ||
    option.tripType !== booking.tripType ||
    ticketCategories.some((c) => counts[c] !== booking[c]);
  return { to: { departureId, tripType: option.tripType, counts }, units, reshaped };
}

/** Why a change was refused, in OCTO's words. */
function refusal(result: Exclude<ResellerChangeResult, { ok: true }>, booking: ResellerBooking): OctoError {
  const why: Record<typeof result.error, string> = {
    notChangeable: `The booking is ${statusOf(booking)} and cannot be changed`,
    pastCutoff: 'Changes close 24 hours before departure',
    departureUnavailable: 'This departure is not on sale',
    notBookableOnline: 'This departure is not on sale',
    bookingClosed: 'Sales for this departure are closed',
    invalidSelection: `Ticket rules: ${(result.violations ?? []).map((v) => v.code).join(', ')}`,
    full: `Only ${result.seatsLeft ?? 0} seats left on this departure: the booking keeps what it had`,
  };
  return new OctoError('UNPROCESSABLE_ENTITY', why[result.error]);
}

/** Moves or resizes the booking when the request asks for it, with the request's details. */
async function reshape(ctx: OctoContext, booking: ResellerBooking, body: Record<string, unknown>): Promise<boolean> {
  const wanted = await wantedOf(ctx, booking, body);
  const changes: HeldChanges = { ...changesOf(body), ...(wanted.units ? { units: wanted.units } : {}) };
  if (!wanted.reshaped) return false;
  // Someone already boarded: the tickets were used, there is nothing left to move.
  if (statusOf(booking) === 'REDEEMED') throw new OctoError('UNPROCESSABLE_ENTITY', 'The booking is REDEEMED');
  const result = await changeResellerBooking(
    ctx.payload,
    { booking, to: wanted.to, changes, resellerName: ctx.reseller.name },
    { provider: paymentProvider() },
  );
  if (!result.ok) throw refusal(result, booking);
  return true;
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
  let booking = await own(ctx, uuid);
  // Unit items sent with the confirmation are the people confirmed: more, fewer or others are a
  // change of the hold first (same seats rules), then its confirmation.
  if (booking.status === 'held' && body.unitItems !== undefined) {
    if (await reshape(ctx, booking, { unitItems: body.unitItems })) booking = await own(ctx, uuid);
  }
  const wanted = booking.status === 'held' && body.unitItems !== undefined ? unitItemsOf(body.unitItems) : undefined;
  const result = await confirmResellerBooking(ctx.payload, {
    bookingId: booking.id,
    resellerId: ctx.reseller.id,
    resellerName: ctx.reseller.name,
    // OCTO's emailReceipt defaults to false: a reseller's hold is made with no ticket e-mail,
    // and only emailReceipt: true (here or in an earlier update) has the tickets e-mailed.
    changes: { ...changesOf(body), ...(wanted ? { units: wanted.units } : {}) },
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

/**
 * OCTO's booking update, on a booking ON_HOLD or CONFIRMED: another availability (date or time),
 * other unit items (more, fewer, other units), another product or option, and the contact,
 * notes and references. A change of seats is all or nothing (resellers/sales.ts).
 */
export async function update(ctx: OctoContext, uuid: string, body: Record<string, unknown>) {
  const booking = await own(ctx, uuid);
  const changes = changesOf(body);
  if (await reshape(ctx, booking, body)) return bookingOf(ctx, await own(ctx, uuid));
  const units = body.unitItems !== undefined ? unitItemsOf(body.unitItems).units : undefined;
  const all: HeldChanges = { ...changes, ...(units ? { units } : {}) };
  if (booking.status === 'held') {
    const result = await updateHeldBooking(ctx.payload, { bookingId: booking.id, changes: all });
    if (!result.ok) throw new OctoError('UNPROCESSABLE_ENTITY', 'The hold has expired');
  } else if (booking.status === 'paid') {
    await updateResellerDetails(ctx.payload, booking.id, all);
  } else {
    throw new OctoError('UNPROCESSABLE_ENTITY', `The booking is ${statusOf(booking)} and cannot be changed`);
  }
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
