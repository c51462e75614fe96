import type { Payload } from 'payload';

import { bookingClosesAt, FEW_SEATS } from '@/booking/booking-window';
import { shopDb } from '@/booking/db';
import { departuresOfTour, upcomingStartTimes } from '@/booking/departures-repository';
import { MAX_TICKETS_PER_BOOKING, SUPER3_PER_ADULT, type TicketCategory, type TripType } from '@/booking/pricing';
import { tourBookingSettings, type TourBookingSettings } from '@/booking/tours-repository';
import { saleNetCents, unitNetCents } from '@/resellers/rates';
import { addDays, isLocalDate, utcToMadrid } from '@/i18n/time';
import type { Locale } from '@/i18n/locales';
import type { Tour } from '@/payload-types';
import { env } from '@/lib/env';
import { OPERATOR_CURRENCY, OPERATOR_TIME_ZONE } from '@/lib/operator';
import { tourVatRates } from '@/invoicing/tour-vat';
import { partsOfTour } from '@/partners/partners-repository';

import { allowsTour, OctoError, SUPPORTED_CAPABILITIES, type OctoContext } from './http';
import { includedTaxes, type TaxedPart } from './included-taxes';

/**
 * Our tours, departures and prices in OCTO's terms. A product is a tour sold online; its option
 * is DEFAULT, or ROUND_TRIP and ONE_WAY when the tour sells both; its units are our ticket
 * categories. An availability is a departure (START_TIME), its id the departure's id.
 */

export const UNIT_IDS: Record<TicketCategory, string> = {
  adult: 'adult',
  reduced: 'reduced',
  child: 'child',
  super3: 'super3',
};
const UNIT_TYPES: Record<TicketCategory, string> = {
  adult: 'ADULT',
  reduced: 'STUDENT',
  child: 'CHILD',
  super3: 'CHILD',
};
const UNIT_TEXT: Record<Locale, Record<TicketCategory, string>> = {
  ca: { adult: 'Adult', reduced: 'Estudiant o jubilat', child: 'Infant', super3: 'Infant amb carnet Super3 (gratuït)' },
  es: { adult: 'Adulto', reduced: 'Estudiante o jubilado', child: 'Niño', super3: 'Niño con carnet Super3 (gratis)' },
  en: { adult: 'Adult', reduced: 'Student or retiree', child: 'Child', super3: 'Child with a Super3 card (free)' },
  fr: {
    adult: 'Adulte',
    reduced: 'Étudiant ou retraité',
    child: 'Enfant',
    super3: 'Enfant avec carte Super3 (gratuit)',
  },
};
const SUPER3_RULE: Record<Locale, string> = {
  ca: `Fins a ${SUPER3_PER_ADULT} per adult, estudiant o jubilat.`,
  es: `Hasta ${SUPER3_PER_ADULT} por adulto, estudiante o jubilado.`,
  en: `Up to ${SUPER3_PER_ADULT} per adult, student or retiree.`,
  fr: `Jusqu’à ${SUPER3_PER_ADULT} par adulte, étudiant ou retraité.`,
};
const OPTION_TEXT: Record<Locale, Record<'DEFAULT' | 'ROUND_TRIP' | 'ONE_WAY', string>> = {
  ca: { DEFAULT: 'Anada i tornada', ROUND_TRIP: 'Anada i tornada', ONE_WAY: 'Només anada' },
  es: { DEFAULT: 'Ida y vuelta', ROUND_TRIP: 'Ida y vuelta', ONE_WAY: 'Solo ida' },
  en: { DEFAULT: 'Round trip', ROUND_TRIP: 'Round trip', ONE_WAY: 'One way' },
  fr: { DEFAULT: 'Aller-retour', ROUND_TRIP: 'Aller-retour', ONE_WAY: 'Aller simple' },
};
export const CANCELLATION_CUTOFF_HOURS = 24;

export type OptionId = 'DEFAULT' | 'ROUND_TRIP' | 'ONE_WAY';

export function optionsOf(settings: TourBookingSettings): { id: OptionId; tripType: TripType }[] {
  if (!settings.priceList?.oneWay) return [{ id: 'DEFAULT', tripType: 'roundTrip' }];
  return [
    { id: 'ROUND_TRIP', tripType: 'roundTrip' },
    { id: 'ONE_WAY', tripType: 'oneWay' },
  ];
}

/**
 * OCTO's price object: `net` is what the reseller pays, worked out by resellers/rates.ts
 * (its net rate for the unit, or its commission), the one home shared with statements and reports.
 * Prices include VAT: `includedTaxes` says how much, at the tour's ticket rate (invoicing/tour-vat.ts),
 * by the invoices' own rule (invoicing/vat.ts), so the VAT of a booking's price is the VAT of its
 * invoice: `net`'s for a reseller that buys and resells (invoiced at the net price), `retail`'s for
 * one that sells as our agent (the traveller is invoiced the retail price; decision 165). OCTO's tax has no rate of its own: the name carries it ("IVA 10%").
 */
export function pricing(retail: number, net: number, vatRatePct: number, parts: readonly TaxedPart[] = []) {
  return {
    original: retail,
    retail,
    net,
    currency: OPERATOR_CURRENCY,
    currencyPrecision: 2,
    // A combined tour's partner parts are taxed by their own treatment (included-taxes.ts).
    includedTaxes: includedTaxes(retail, net, vatRatePct, parts),
  };
}

/**
 * A combined tour's partner parts of one unit of each category, with their tax treatment (decision
 * 175): what a unit's price holds besides the boat. Empty for a boat trip only.
 */
export async function unitPartsOf(payload: Payload, tourId: number): Promise<Record<TicketCategory, TaxedPart[]>> {
  const parts = await partsOfTour(shopDb(payload), tourId);
  const of = (category: TicketCategory): TaxedPart[] =>
    parts
      .filter((part) => part.shareCents[category] > 0)
      .map((part) => ({
        cents: part.shareCents[category],
        treatment: part.partner.agreement.taxTreatment,
        ratePct: part.partner.agreement.resaleVatRatePct,
      }));
  return { adult: of('adult'), reduced: of('reduced'), child: of('child'), super3: of('super3') };
}

/** The parts of `quantity` units of each category, for a price of several units. */
export const partsOfUnits = (
  unitParts: Record<TicketCategory, TaxedPart[]>,
  units: readonly { category: TicketCategory; quantity: number }[],
): TaxedPart[] =>
  units.flatMap(({ category, quantity }) =>
    unitParts[category].map((part) => ({ ...part, cents: part.cents * quantity })),
  );

/** The VAT rate of a tour's tickets, the one every OCTO price of the tour includes. */
export const ticketVatPct = (settings: TourBookingSettings): number => tourVatRates(settings).tickets;

export function unitPrices(settings: TourBookingSettings, tripType: TripType): Record<TicketCategory, number> {
  const fares = tripType === 'oneWay' ? settings.priceList?.oneWay : settings.priceList?.roundTrip;
  if (!fares) throw new OctoError('INVALID_OPTION_ID', 'This trip is not sold', {});
  return { ...fares, super3: 0 };
}

/** Payload's tour (src/payload-types.ts) as far as the catalogue reads it. */
type TourDoc = Parameters<typeof tourBookingSettings>[0] & Partial<Pick<Tour, 'title' | 'summary' | 'durationMinutes'>>;

export type SoldTour = {
  doc: TourDoc;
  settings: TourBookingSettings;
  /** A combined tour's partner parts of one unit per category (unitPartsOf); none for a boat trip. */
  unitParts: Record<TicketCategory, TaxedPart[]>;
};

/** The tours this reseller may sell: online, with a complete price list, allowed to them. */
export async function soldTours(ctx: OctoContext): Promise<SoldTour[]> {
  const found = await ctx.payload.find({
    collection: 'tours',
    locale: ctx.locale,
    fallbackLocale: 'ca',
    depth: 0,
    limit: 200,
    overrideAccess: true,
    sort: 'id',
  });
  const sold = (found.docs as unknown as TourDoc[])
    .map((doc) => ({ doc, settings: tourBookingSettings(doc) }))
    .filter(
      ({ settings }) => settings.mode === 'online' && settings.priceList && allowsTour(ctx.reseller, settings.tourId),
    );
  return Promise.all(
    sold.map(async (tour) => ({ ...tour, unitParts: await unitPartsOf(ctx.payload, tour.settings.tourId) })),
  );
}

/** One tour by product id; an unknown id is INVALID_PRODUCT_ID, another reseller's tour FORBIDDEN. */
export async function soldTour(ctx: OctoContext, productId: unknown): Promise<SoldTour> {
  const id = typeof productId === 'string' && /^\d{1,9}$/.test(productId) ? Number(productId) : NaN;
  const found = Number.isSafeInteger(id)
    ? await ctx.payload.find({
        collection: 'tours',
        where: { id: { equals: id } },
        locale: ctx.locale,
        fallbackLocale: 'ca',
        depth: 0,
        limit: 1,
        overrideAccess: true,
      })
    : { docs: [] };
  const doc = found.docs[0] as unknown as TourDoc | undefined;
  const settings = doc ? tourBookingSettings(doc) : null;
  if (!doc || !settings || settings.mode !== 'online' || !settings.priceList) {
    throw new OctoError('INVALID_PRODUCT_ID', 'Unknown product', { productId: String(productId ?? '') });
  }
  if (!allowsTour(ctx.reseller, settings.tourId)) {
    throw new OctoError('FORBIDDEN', 'This product is not sold through your account');
  }
  return { doc, settings, unitParts: await unitPartsOf(ctx.payload, settings.tourId) };
}

export function optionOf(tour: SoldTour, optionId: unknown): { id: OptionId; tripType: TripType } {
  const option = optionsOf(tour.settings).find((o) => o.id === optionId);
  if (!option) throw new OctoError('INVALID_OPTION_ID', 'Unknown option', { optionId: String(optionId ?? '') });
  return option;
}

async function startTimes(payload: Payload, tourId: number): Promise<string[]> {
  const times = await upcomingStartTimes(shopDb(payload), tourId, new Date());
  // OCTO requires at least one; a tour with nothing planned yet has an empty calendar anyway.
  return times.length > 0 ? times : ['00:00'];
}

function unitsOf(ctx: OctoContext, tour: SoldTour, tripType: TripType) {
  const prices = unitPrices(tour.settings, tripType);
  return (Object.keys(UNIT_IDS) as TicketCategory[]).map((category) => ({
    id: UNIT_IDS[category],
    internalName: UNIT_TEXT.en[category],
    reference: category,
    type: UNIT_TYPES[category],
    title: UNIT_TEXT[ctx.locale][category],
    shortDescription: category === 'super3' ? SUPER3_RULE[ctx.locale] : '',
    restrictions: {
      minAge: 0,
      maxAge: 120,
      idRequired: category === 'reduced' || category === 'super3',
      minQuantity: null,
      maxQuantity: category === 'super3' ? SUPER3_PER_ADULT * MAX_TICKETS_PER_BOOKING : MAX_TICKETS_PER_BOOKING,
      paxCount: 1,
      // Children ride with someone who counts as an adult (docs/domain-rules.md#money).
      accompaniedBy: category === 'child' || category === 'super3' ? [UNIT_IDS.adult, UNIT_IDS.reduced] : [],
    },
    requiredContactFields: [],
    ...(ctx.pricing
      ? {
          pricingFrom: [
            pricing(
              prices[category],
              unitNetCents(ctx.reseller, tour.settings.tourId, category, prices[category]),
              ticketVatPct(tour.settings),
              tour.unitParts[category],
            ),
          ],
        }
      : {}),
  }));
}

export async function productOf(ctx: OctoContext, tour: SoldTour) {
  const times = await startTimes(ctx.payload, tour.settings.tourId);
  const title = tour.doc.title ?? tour.settings.slug;
  return {
    id: String(tour.settings.tourId),
    internalName: title,
    reference: tour.settings.slug,
    locale: ctx.locale,
    timeZone: OPERATOR_TIME_ZONE,
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: 'START_TIME',
    deliveryFormats: ['QRCODE', 'PDF_URL'],
    deliveryMethods: ['TICKET', 'VOUCHER'],
    redemptionMethod: 'DIGITAL',
    title,
    shortDescription: tour.doc.summary ?? null,
    ...(tour.doc.durationMinutes ? { durationMinutesFrom: tour.doc.durationMinutes } : {}),
    ...(ctx.pricing
      ? { defaultCurrency: OPERATOR_CURRENCY, availableCurrencies: [OPERATOR_CURRENCY], pricingPer: 'UNIT' }
      : {}),
    options: optionsOf(tour.settings).map((option, index) => ({
      id: option.id,
      default: index === 0,
      internalName: OPTION_TEXT.en[option.id],
      reference: option.tripType,
      title: OPTION_TEXT[ctx.locale][option.id],
      availabilityLocalStartTimes: times,
      cancellationCutoff: `${CANCELLATION_CUTOFF_HOURS} hours`,
      cancellationCutoffAmount: CANCELLATION_CUTOFF_HOURS,
      cancellationCutoffUnit: 'hour',
      requiredContactFields: [],
      restrictions: { minUnits: 1, maxUnits: MAX_TICKETS_PER_BOOKING },
      units: unitsOf(ctx, tour, option.tripType),
    })),
  };
}

/** `2026-07-01T10:30:00+02:00`: the wall clock with Madrid's offset at that instant. */
export function madridDateTime(at: Date): string {
  const wall = utcToMadrid(at);
  const [y, m, d] = wall.date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = wall.time.split(':').map(Number) as [number, number];
  const offset = Math.round((Date.UTC(y, m - 1, d, hh, mm) - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${wall.date}T${wall.time}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export type DepartureAvailability = {
  id: number;
  startsAt: Date;
  localDate: string;
  durationMinutes: number;
  capacity: number;
  free: number;
  open: boolean;
};

export async function departuresOf(
  payload: Payload,
  tour: SoldTour,
  filter: { from?: string; to?: string; ids?: number[] },
  now = new Date(),
): Promise<DepartureAvailability[]> {
  const departures = await departuresOfTour(shopDb(payload), tour.settings.tourId, { ...filter, limit: 2000 });
  return departures.map((d) => {
    const startsAt = d.startsAt;
    const free = Math.max(0, d.capacity - d.seatsSold - d.seatsHeld);
    return {
      id: d.id,
      startsAt,
      localDate: d.localDate,
      durationMinutes: d.durationMinutes,
      capacity: d.capacity,
      free,
      open:
        d.status === 'scheduled' &&
        bookingClosesAt(startsAt, tour.settings.bookingClosesMinutesBefore).getTime() > now.getTime(),
    };
  });
}

export type Status = 'AVAILABLE' | 'LIMITED' | 'SOLD_OUT' | 'CLOSED';

export function statusOf(open: boolean, free: number): Status {
  if (!open) return 'CLOSED';
  if (free === 0) return 'SOLD_OUT';
  return free <= FEW_SEATS ? 'LIMITED' : 'AVAILABLE';
}

export function availabilityOf(
  ctx: OctoContext,
  tour: SoldTour,
  tripType: TripType,
  d: DepartureAvailability,
  wanted: { category: TicketCategory; quantity: number }[],
) {
  const status = statusOf(d.open, d.free);
  const seats = wanted.reduce((sum, w) => sum + w.quantity, 0);
  const prices = unitPrices(tour.settings, tripType);
  const tourId = tour.settings.tourId;
  return {
    id: String(d.id),
    localDateTimeStart: madridDateTime(d.startsAt),
    localDateTimeEnd: madridDateTime(new Date(d.startsAt.getTime() + d.durationMinutes * 60_000)),
    utcCutoffAt: bookingClosesAt(d.startsAt, tour.settings.bookingClosesMinutesBefore).toISOString(),
    allDay: false,
    available: (status === 'AVAILABLE' || status === 'LIMITED') && seats <= d.free,
    status,
    vacancies: d.open ? d.free : 0,
    capacity: d.capacity,
    maxUnits: d.open ? Math.min(d.free, MAX_TICKETS_PER_BOOKING) : 0,
    openingHours: [],
    ...(ctx.pricing
      ? {
          unitPricing: (Object.keys(UNIT_IDS) as TicketCategory[]).map((category) => ({
            unitId: UNIT_IDS[category],
            ...pricing(
              prices[category],
              unitNetCents(ctx.reseller, tourId, category, prices[category]),
              ticketVatPct(tour.settings),
              tour.unitParts[category],
            ),
          })),
          ...(wanted.length > 0
            ? {
                pricing: pricing(
                  wanted.reduce((sum, w) => sum + prices[w.category] * w.quantity, 0),
                  saleNetCents(
                    ctx.reseller,
                    tourId,
                    wanted.map((w) => ({ ...w, retailCents: prices[w.category] })),
                  ),
                  ticketVatPct(tour.settings),
                  partsOfUnits(tour.unitParts, wanted),
                ),
              }
            : {}),
        }
      : {}),
  };
}

export function categoryOfUnit(unitId: unknown): TicketCategory {
  const found = (Object.keys(UNIT_IDS) as TicketCategory[]).find((c) => UNIT_IDS[c] === unitId);
  if (!found) throw new OctoError('INVALID_UNIT_ID', 'Unknown unit', { unitId: String(unitId ?? '') });
  return found;
}

/** `units: [{id, quantity}]` of availability requests, validated. */
export function wantedUnits(units: unknown): { category: TicketCategory; quantity: number }[] {
  if (units === undefined) return [];
  if (!Array.isArray(units)) throw new OctoError('BAD_REQUEST', 'units must be a list');
  return units.map((unit: { id?: unknown; quantity?: unknown }) => {
    const quantity = Number(unit?.quantity);
    if (!Number.isSafeInteger(quantity) || quantity < 0) throw new OctoError('BAD_REQUEST', 'Invalid unit quantity');
    return { category: categoryOfUnit(unit?.id), quantity };
  });
}

const MAX_RANGE_DAYS = 366;

/**
 * OCTO's date range: `localDateStart` and `localDateEnd` both, or (availability check only) one
 * `localDate`. A range with a missing end is a malformed request, not "30 days from today": the
 * reseller would read a calendar it did not ask for (the validator's BAD_REQUEST scenarios).
 */
export function dateRange(body: Record<string, unknown>): { from: string; to: string } {
  const single = body.localDate;
  if (single !== undefined && (body.localDateStart !== undefined || body.localDateEnd !== undefined)) {
    throw new OctoError('BAD_REQUEST', 'Send localDate, or localDateStart and localDateEnd, not both');
  }
  const from = single ?? body.localDateStart;
  const to = single ?? body.localDateEnd;
  if (from === undefined || to === undefined) {
    throw new OctoError('BAD_REQUEST', 'localDateStart and localDateEnd are required');
  }
  if (!isLocalDate(from) || !isLocalDate(to) || to < from) {
    throw new OctoError('BAD_REQUEST', 'localDateStart and localDateEnd must be YYYY-MM-DD, start ≤ end');
  }
  if (addDays(from, MAX_RANGE_DAYS) < to) throw new OctoError('BAD_REQUEST', `At most ${MAX_RANGE_DAYS} days`);
  return { from, to };
}

/** What OCTO's `Octo-Capabilities` header may ask of us: prices (none is required). */
export function capabilities() {
  return SUPPORTED_CAPABILITIES.map((id) => ({
    id,
    revision: 1,
    required: false,
    dependencies: [],
    docs: 'https://docs.octo.travel/octo-api-capabilities/pricing',
  }));
}

export function supplierOf() {
  const config = env();
  return {
    id: 'golondrinas',
    name: config.SITE_BRAND,
    endpoint: `${config.SITE_URL}/octo/v1`,
    contact: { website: config.SITE_URL, email: config.OPERATOR_EMAIL, telephone: null, address: null },
  };
}

export async function products(ctx: OctoContext) {
  const tours = await soldTours(ctx);
  const out = [];
  for (const tour of tours) out.push(await productOf(ctx, tour));
  return out;
}

export async function availability(ctx: OctoContext, body: Record<string, unknown>) {
  const tour = await soldTour(ctx, body.productId);
  const option = optionOf(tour, body.optionId);
  const wanted = wantedUnits(body.units);
  let filter: { from?: string; to?: string; ids?: number[] };
  const dated = body.localDate !== undefined || body.localDateStart !== undefined || body.localDateEnd !== undefined;
  if (body.availabilityIds !== undefined) {
    if (dated) throw new OctoError('BAD_REQUEST', 'Send availabilityIds or dates, not both');
    if (!Array.isArray(body.availabilityIds)) throw new OctoError('BAD_REQUEST', 'availabilityIds must be a list');
    filter = { ids: body.availabilityIds.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0) };
  } else {
    filter = dateRange(body);
  }
  const departures = await departuresOf(ctx.payload, tour, filter);
  return departures.map((d) => availabilityOf(ctx, tour, option.tripType, d, wanted));
}

/** One entry per day of the range: the day's open departures added up. */
export async function calendar(ctx: OctoContext, body: Record<string, unknown>) {
  const tour = await soldTour(ctx, body.productId);
  const option = optionOf(tour, body.optionId);
  wantedUnits(body.units);
  const { from, to } = dateRange(body);
  const departures = await departuresOf(ctx.payload, tour, { from, to });
  const prices = unitPrices(tour.settings, option.tripType);
  const days = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const ofDay = departures.filter((d) => d.localDate === day);
    const open = ofDay.filter((d) => d.open);
    const vacancies = open.reduce((sum, d) => sum + d.free, 0);
    const status = statusOf(open.length > 0, vacancies);
    days.push({
      localDate: day,
      available: status === 'AVAILABLE' || status === 'LIMITED',
      status,
      vacancies,
      capacity: ofDay.reduce((sum, d) => sum + d.capacity, 0),
      openingHours: [],
      ...(ctx.pricing
        ? {
            unitPricingFrom: (Object.keys(UNIT_IDS) as TicketCategory[]).map((category) => ({
              unitId: UNIT_IDS[category],
              ...pricing(
                prices[category],
                unitNetCents(ctx.reseller, tour.settings.tourId, category, prices[category]),
                ticketVatPct(tour.settings),
                tour.unitParts[category],
              ),
            })),
          }
        : {}),
    });
  }
  return days;
}
