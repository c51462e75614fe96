import {
  zAvailability,
  zAvailabilityCalendar,
  zBooking,
  zCapability,
  zErrorBadRequest,
  zErrorInvalidAvailabilityId,
  zErrorInvalidBookingUuid,
  zErrorInvalidOptionId,
  zErrorInvalidProductId,
  zErrorInvalidUnitId,
  zErrorUnprocessableEntity,
  zProduct,
  zSupplier,
} from '@octocloud/types';
import { beforeAll, describe, expect, it } from 'vitest';

import { POST as availabilityRoute } from '@/app/octo/v1/availability/route';
import { POST as calendarRoute } from '@/app/octo/v1/availability/calendar/route';
import { POST as cancelRoute } from '@/app/octo/v1/bookings/[uuid]/cancel/route';
import { POST as confirmRoute } from '@/app/octo/v1/bookings/[uuid]/confirm/route';
import { POST as extendRoute } from '@/app/octo/v1/bookings/[uuid]/extend/route';
import { GET as bookingRoute, PATCH as patchRoute } from '@/app/octo/v1/bookings/[uuid]/route';
import { GET as listRoute, POST as reserveRoute } from '@/app/octo/v1/bookings/route';
import { GET as productRoute } from '@/app/octo/v1/products/[id]/route';
import { GET as productsRoute } from '@/app/octo/v1/products/route';
import { GET as supplierRoute } from '@/app/octo/v1/supplier/route';
import { shopDb } from '@/booking/db';
import { utcToMadrid } from '@/i18n/time';
import { invoicesOfBooking } from '@/invoicing/ledger';
import { newApiKey } from '@/resellers/octo/keys';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { addDeparture, makeTour, seatsOf } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

/**
 * The supplier scenarios of OCTO's reference validator (github.com/octotravel/validator,
 * src/services/validation/Flows: supplier, products, availability check and calendar,
 * reservation, extend, confirmation, update, cancellation, get, list), each run as the validator
 * runs it, against our routes, and checked as it checks: the status and error code it expects,
 * every body against @octocloud/types' schema, and the fields its endpoint validators compare
 * (BookingEndpointValidator: unit items, contact, notes, references, status, cancellation
 * reason). Not covered: the validator's checks of `booking.product`/`booking.option`, which it
 * makes only for the octo/content capability we do not offer.
 */

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

const base = 'http://localhost:3240/octo/v1';
let key = '';
/** The validator's two bookable products (the second for the rebook scenario) and a sold-out one. */
let first: { tourId: number; boatId: number };
let second: { tourId: number; boatId: number };
let departures: number[] = [];
let otherProductDeparture = 0;
let soldOut = 0;

type Answer = { status: number; body: unknown };

function req(path: string, options: { method?: string; body?: unknown } = {}) {
  return new Request(`${base}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      Authorization: `Bearer ${key}`,
      'Octo-Capabilities': 'octo/pricing',
      'Accept-Language': 'en',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? null : JSON.stringify(options.body),
  });
}
const params = (uuid: string) => ({ params: Promise.resolve({ uuid }) });
async function answer(response: Response | Promise<Response>): Promise<Answer> {
  const r = await response;
  return { status: r.status, body: await r.json() };
}

type OctoBooking = {
  uuid: string;
  status: string;
  productId: string;
  optionId: string;
  availabilityId: string;
  availability: { id: string } | null;
  supplierReference: string;
  resellerReference: string | null;
  utcExpiresAt: string | null;
  notes: string | null;
  contact: Record<string, unknown>;
  cancellation: { reason: string | null } | null;
  unitItems: { unitId: string }[];
};

/** @octocloud/types' schemas (its own zod, a major version apart from ours): what we call of them. */
type ZodType = { safeParse(value: unknown): { success: boolean; error?: { message: string } } };

/** What the validator would report: an empty list is a pass. */
function schemaProblems(schema: ZodType, body: unknown, what: string): string[] {
  const parsed = schema.safeParse(body);
  return parsed.success ? [] : [`${what} does not match the schema: ${parsed.error?.message.slice(0, 300)}`];
}

function expectError(a: Answer, status: number, code: string, schema: ZodType): string[] {
  const body = a.body as { error?: string };
  if (a.status !== status || body.error !== code) return [`expected ${status} ${code}, got ${a.status} ${body.error}`];
  return schemaProblems(schema, body, 'the error');
}

function expectBooking(a: Answer): { problems: string[]; booking: OctoBooking } {
  const booking = a.body as OctoBooking;
  if (a.status !== 200) return { problems: [`expected 200, got ${a.status} ${JSON.stringify(a.body)}`], booking };
  return { problems: schemaProblems(zBooking, a.body, 'the booking'), booking };
}

/** BookingEndpointValidator.validate: the booking is where the request put it. */
function placed(b: OctoBooking, where: { productId: string; optionId: string; availabilityId: string }): string[] {
  const problems: string[] = [];
  if (b.productId !== where.productId) problems.push(`productId ${b.productId} ≠ ${where.productId}`);
  if (b.optionId !== where.optionId) problems.push(`optionId ${b.optionId} ≠ ${where.optionId}`);
  if (b.availabilityId !== where.availabilityId)
    problems.push(`availabilityId ${b.availabilityId} ≠ ${where.availabilityId}`);
  if (b.availability?.id !== where.availabilityId) problems.push(`availability.id ${b.availability?.id}`);
  return problems;
}

/** BookingEndpointValidator.validateUnitItems: as many unit items as sent, of the units sent. */
function unitItemsAsSent(b: OctoBooking, sent: { unitId: string }[] | undefined): string[] {
  if (!sent) return [];
  const problems: string[] = [];
  if (b.unitItems.length !== sent.length) problems.push(`unitItems: ${b.unitItems.length} ≠ ${sent.length}`);
  const ids = sent.map((u) => u.unitId);
  if (!b.unitItems.every((u) => ids.includes(u.unitId))) problems.push('unitItems: other unitIds');
  return problems;
}

/** BookingEndpointValidator.validateContact. */
function contactAsSent(b: OctoBooking, sent: Record<string, unknown> | undefined): string[] {
  if (!sent) return [];
  return ['firstName', 'fullName', 'lastName', 'emailAddress', 'notes']
    .filter((field) => sent[field] !== undefined && b.contact[field] !== sent[field])
    .map((field) => `contact.${field}: ${String(b.contact[field])} ≠ ${String(sent[field])}`);
}

const option = 'DEFAULT';
const units = (n: number, unitId = 'adult') => Array.from({ length: n }, () => ({ unitId }));

async function reserve(body: Record<string, unknown>) {
  return answer(reserveRoute(req('/bookings', { body })));
}
async function reservation(departure: number, n = 1, tourId = first.tourId) {
  const made = await reserve({
    productId: String(tourId),
    optionId: option,
    availabilityId: String(departure),
    unitItems: units(n),
  });
  const { problems, booking } = expectBooking(made);
  if (problems.length > 0) throw new Error(`reservation failed: ${problems.join('; ')}`);
  return booking;
}
async function confirmed(departure: number, n = 1) {
  const held = await reservation(departure, n);
  const done = expectBooking(
    await answer(
      confirmRoute(
        req(`/bookings/${held.uuid}/confirm`, {
          body: { contact: { fullName: 'John Doe', emailAddress: 'johndoe@mail.com' }, resellerReference: 'REF-1' },
        }),
        params(held.uuid),
      ),
    ),
  );
  if (done.problems.length > 0) throw new Error(`confirmation failed: ${done.problems.join('; ')}`);
  return done.booking;
}

beforeAll(async () => {
  first = await makeTour(payload, { menuKey: 'americas' });
  second = await makeTour(payload, { menuKey: 'ramonet' });
  departures = [
    await addDeparture(payload, first, { capacity: 40 }),
    await addDeparture(payload, first, { capacity: 40 }),
    await addDeparture(payload, first, { capacity: 40 }),
  ];
  otherProductDeparture = await addDeparture(payload, second, { capacity: 40 });
  soldOut = await addDeparture(payload, first, { capacity: 1 });
  const made = newApiKey();
  await payload.create({
    collection: 'resellers',
    overrideAccess: true,
    data: { name: 'Validator', keyPrefix: made.prefix, keyHash: made.hash, commissionPercent: 20 } as never,
  });
  key = made.key;
  // The sold-out availability: its one seat taken by another reseller's sale.
  await reservation(soldOut, 1);
});

/** The Madrid day of a departure, from the availability the API itself answers. */
async function localDateOf(departure: number): Promise<string> {
  const got = await answer(
    availabilityRoute(
      req('/availability', {
        body: { productId: String(first.tourId), optionId: option, availabilityIds: [String(departure)] },
      }),
    ),
  );
  const [a] = got.body as { localDateTimeStart: string }[];
  return a!.localDateTimeStart.slice(0, 10);
}

const scenarios: Record<string, () => Promise<string[]>> = {
  // Supplier flow.
  'Get Supplier': async () => {
    const a = await answer(supplierRoute(req('/supplier')));
    return a.status === 200 ? schemaProblems(zSupplier, a.body, 'the supplier') : [`status ${a.status}`];
  },
  'Get Capabilities': async () => {
    const { GET } = await import('@/app/octo/v1/capabilities/route').catch(() => ({ GET: null }));
    if (!GET) return ['no /capabilities route'];
    const a = await answer(GET(req('/capabilities')));
    if (a.status !== 200 || !Array.isArray(a.body)) return [`status ${a.status}`];
    return a.body.flatMap((c) => schemaProblems(zCapability, c, 'a capability'));
  },
  // Product flow.
  'Get Products': async () => {
    const a = await answer(productsRoute(req('/products')));
    if (a.status !== 200 || !Array.isArray(a.body) || a.body.length === 0) return [`status ${a.status}`];
    return a.body.flatMap((p) => schemaProblems(zProduct, p, 'a product'));
  },
  'Get Product': async () => {
    const id = String(first.tourId);
    const a = await answer(productRoute(req(`/products/${id}`), { params: Promise.resolve({ id }) }));
    const problems = a.status === 200 ? schemaProblems(zProduct, a.body, 'the product') : [`status ${a.status}`];
    return (a.body as { id?: string }).id === id ? problems : [...problems, 'another product'];
  },
  'Get Product Invalid (400 INVALID_PRODUCT_ID)': async () =>
    expectError(
      await answer(productRoute(req('/products/nope'), { params: Promise.resolve({ id: 'nope' }) })),
      400,
      'INVALID_PRODUCT_ID',
      zErrorInvalidProductId,
    ),
  // Availability check flow.
  'Availability Check Interval': async () => {
    const d = await localDateOf(departures[0]!);
    const a = await answer(
      availabilityRoute(
        req('/availability', {
          body: { productId: String(first.tourId), optionId: option, localDateStart: d, localDateEnd: d },
        }),
      ),
    );
    if (a.status !== 200 || !Array.isArray(a.body) || a.body.length === 0) return [`status ${a.status}`];
    return a.body.flatMap((x) => schemaProblems(zAvailability, x, 'an availability'));
  },
  'Availability Check Date': async () => {
    const d = await localDateOf(departures[0]!);
    const a = await answer(
      availabilityRoute(
        req('/availability', { body: { productId: String(first.tourId), optionId: option, localDate: d } }),
      ),
    );
    if (a.status !== 200 || !Array.isArray(a.body) || a.body.length === 0) return [`status ${a.status}`];
    return a.body.flatMap((x) => schemaProblems(zAvailability, x, 'an availability'));
  },
  'Availability Check Availability ID': async () => {
    const a = await answer(
      availabilityRoute(
        req('/availability', {
          body: { productId: String(first.tourId), optionId: option, availabilityIds: [String(departures[1])] },
        }),
      ),
    );
    if (a.status !== 200 || !Array.isArray(a.body)) return [`status ${a.status}`];
    const ids = a.body.map((x: { id: string }) => x.id);
    return [
      ...(ids.length === 1 && ids[0] === String(departures[1]) ? [] : [`ids ${ids.join(',')}`]),
      ...a.body.flatMap((x) => schemaProblems(zAvailability, x, 'an availability')),
    ];
  },
  'Availability Check BAD_REQUEST (400 BAD_REQUEST)': async () => {
    const d = await localDateOf(departures[0]!);
    return expectError(
      await answer(
        availabilityRoute(
          req('/availability', {
            body: {
              productId: String(first.tourId),
              optionId: option,
              localDateStart: d,
              localDateEnd: d,
              availabilityIds: [String(departures[0])],
            },
          }),
        ),
      ),
      400,
      'BAD_REQUEST',
      zErrorBadRequest,
    );
  },
  'Availability Check Invalid Product (400 INVALID_PRODUCT_ID)': async () => {
    const d = await localDateOf(departures[0]!);
    return expectError(
      await answer(
        availabilityRoute(
          req('/availability', { body: { productId: 'nope', optionId: option, localDateStart: d, localDateEnd: d } }),
        ),
      ),
      400,
      'INVALID_PRODUCT_ID',
      zErrorInvalidProductId,
    );
  },
  'Availability Check Invalid Option (400 INVALID_OPTION_ID)': async () => {
    const d = await localDateOf(departures[0]!);
    return expectError(
      await answer(
        availabilityRoute(
          req('/availability', {
            body: { productId: String(first.tourId), optionId: 'nope', localDateStart: d, localDateEnd: d },
          }),
        ),
      ),
      400,
      'INVALID_OPTION_ID',
      zErrorInvalidOptionId,
    );
  },
  // Availability calendar flow.
  'Availability Calendar Interval': async () => {
    const d = await localDateOf(departures[0]!);
    const a = await answer(
      calendarRoute(
        req('/availability/calendar', {
          body: { productId: String(first.tourId), optionId: option, localDateStart: d, localDateEnd: d },
        }),
      ),
    );
    if (a.status !== 200 || !Array.isArray(a.body) || a.body.length !== 1) return [`status ${a.status}`];
    return a.body.flatMap((x) => schemaProblems(zAvailabilityCalendar, x, 'a calendar day'));
  },
  'Availability Calendar Invalid Product (400 INVALID_PRODUCT_ID)': async () => {
    const d = await localDateOf(departures[0]!);
    return expectError(
      await answer(
        calendarRoute(
          req('/availability/calendar', {
            body: { productId: 'nope', optionId: option, localDateStart: d, localDateEnd: d },
          }),
        ),
      ),
      400,
      'INVALID_PRODUCT_ID',
      zErrorInvalidProductId,
    );
  },
  'Availability Calendar Invalid Option (400 INVALID_OPTION_ID)': async () => {
    const d = await localDateOf(departures[0]!);
    return expectError(
      await answer(
        calendarRoute(
          req('/availability/calendar', {
            body: { productId: String(first.tourId), optionId: 'nope', localDateStart: d, localDateEnd: d },
          }),
        ),
      ),
      400,
      'INVALID_OPTION_ID',
      zErrorInvalidOptionId,
    );
  },
  'Availability Calendar BAD_REQUEST (400 BAD_REQUEST)': async () => {
    const end = utcToMadrid(new Date(Date.now() + 30 * 24 * 3600_000)).date;
    return expectError(
      await answer(
        calendarRoute(
          req('/availability/calendar', {
            body: { productId: String(first.tourId), optionId: option, localDateEnd: end },
          }),
        ),
      ),
      400,
      'BAD_REQUEST',
      zErrorBadRequest,
    );
  },
  // Reservation flow.
  'Booking Reservation': async () => {
    const sent = units(2);
    const where = { productId: String(first.tourId), optionId: option, availabilityId: String(departures[0]) };
    const { problems, booking } = expectBooking(await reserve({ ...where, unitItems: sent }));
    if (problems.length > 0) return problems;
    return [
      ...(booking.status === 'ON_HOLD' ? [] : [`status ${booking.status}`]),
      ...unitItemsAsSent(booking, sent),
      ...placed(booking, where),
    ];
  },
  'Booking Reservation Sold Out (400 UNPROCESSABLE_ENTITY)': async () =>
    expectError(
      await reserve({
        productId: String(first.tourId),
        optionId: option,
        availabilityId: String(soldOut),
        unitItems: units(1),
      }),
      400,
      'UNPROCESSABLE_ENTITY',
      zErrorUnprocessableEntity,
    ),
  'Booking Reservation Invalid Product (400 INVALID_PRODUCT_ID)': async () =>
    expectError(
      await reserve({
        productId: 'nope',
        optionId: option,
        availabilityId: String(departures[0]),
        unitItems: units(1),
      }),
      400,
      'INVALID_PRODUCT_ID',
      zErrorInvalidProductId,
    ),
  'Booking Reservation Invalid Option (400 INVALID_OPTION_ID)': async () =>
    expectError(
      await reserve({
        productId: String(first.tourId),
        optionId: 'nope',
        availabilityId: String(departures[0]),
        unitItems: units(1),
      }),
      400,
      'INVALID_OPTION_ID',
      zErrorInvalidOptionId,
    ),
  'Booking Reservation Invalid Availability ID (400 INVALID_AVAILABILITY_ID)': async () =>
    expectError(
      await reserve({
        productId: String(first.tourId),
        optionId: option,
        availabilityId: '2099-01-01T00:00:00+01:00',
        unitItems: units(1),
      }),
      400,
      'INVALID_AVAILABILITY_ID',
      zErrorInvalidAvailabilityId,
    ),
  'Booking Reservation Missing UnitItems (400 UNPROCESSABLE_ENTITY)': async () =>
    expectError(
      await reserve({ productId: String(first.tourId), optionId: option, availabilityId: String(departures[0]) }),
      400,
      'UNPROCESSABLE_ENTITY',
      zErrorUnprocessableEntity,
    ),
  'Booking Reservation Empty UnitItems (400 UNPROCESSABLE_ENTITY)': async () =>
    expectError(
      await reserve({
        productId: String(first.tourId),
        optionId: option,
        availabilityId: String(departures[0]),
        unitItems: [],
      }),
      400,
      'UNPROCESSABLE_ENTITY',
      zErrorUnprocessableEntity,
    ),
  'Booking Reservation Invalid Unit ID (400 INVALID_UNIT_ID)': async () =>
    expectError(
      await reserve({
        productId: String(first.tourId),
        optionId: option,
        availabilityId: String(departures[0]),
        unitItems: [{ unitId: 'nope' }],
      }),
      400,
      'INVALID_UNIT_ID',
      zErrorInvalidUnitId,
    ),
  // Extend flow.
  'Booking Reservation Extend': async () => {
    const held = await reservation(departures[0]!);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { problems, booking } = expectBooking(
      await answer(
        extendRoute(req(`/bookings/${held.uuid}/extend`, { body: { expirationMinutes: 45 } }), params(held.uuid)),
      ),
    );
    if (problems.length > 0) return problems;
    return [
      ...(booking.status === 'ON_HOLD' ? [] : [`status ${booking.status}`]),
      ...(booking.utcExpiresAt! > held.utcExpiresAt! ? [] : ['utcExpiresAt not extended']),
    ];
  },
  'Booking Reservation Extend Invalid UUID (400 INVALID_BOOKING_UUID)': async () => {
    const uuid = crypto.randomUUID();
    return expectError(
      await answer(extendRoute(req(`/bookings/${uuid}/extend`, { body: {} }), params(uuid))),
      400,
      'INVALID_BOOKING_UUID',
      zErrorInvalidBookingUuid,
    );
  },
  // Confirmation flow.
  'Booking Confirmation': async () => {
    const held = await reservation(departures[0]!);
    const body = {
      contact: {
        fullName: 'John Doe',
        firstName: 'John',
        lastName: 'Doe',
        emailAddress: 'johndoe@mail.com',
        notes: 'Test note',
      },
      resellerReference: 'RESELLERREF#1',
    };
    const { problems, booking } = expectBooking(
      await answer(confirmRoute(req(`/bookings/${held.uuid}/confirm`, { body }), params(held.uuid))),
    );
    if (problems.length > 0) return problems;
    return [
      ...(booking.status === 'CONFIRMED' ? [] : [`status ${booking.status}`]),
      ...(booking.resellerReference === body.resellerReference ? [] : ['resellerReference']),
      ...contactAsSent(booking, body.contact),
    ];
  },
  'Booking Confirmation Invalid UUID (400 INVALID_BOOKING_UUID)': async () => {
    const uuid = crypto.randomUUID();
    return expectError(
      await answer(confirmRoute(req(`/bookings/${uuid}/confirm`, { body: { contact: {} } }), params(uuid))),
      400,
      'INVALID_BOOKING_UUID',
      zErrorInvalidBookingUuid,
    );
  },
  'Booking Confirmation Invalid Unit ID (400 INVALID_UNIT_ID)': async () => {
    const held = await reservation(departures[0]!);
    return expectError(
      await answer(
        confirmRoute(
          req(`/bookings/${held.uuid}/confirm`, { body: { unitItems: [{ unitId: 'nope' }] } }),
          params(held.uuid),
        ),
      ),
      400,
      'INVALID_UNIT_ID',
      zErrorInvalidUnitId,
    );
  },
  'Booking Confirmation unitItems update': async () => {
    const held = await reservation(departures[0]!, 2);
    const body = {
      contact: {
        firstName: 'John',
        lastName: 'Doe',
        emailAddress: 'johndoe@mail.com',
        fullName: 'John Doe',
        notes: 'Test note',
      },
      resellerReference: 'RESELLERREF#1',
      unitItems: units(3),
    };
    const { problems, booking } = expectBooking(
      await answer(confirmRoute(req(`/bookings/${held.uuid}/confirm`, { body }), params(held.uuid))),
    );
    if (problems.length > 0) return problems;
    return [
      ...(booking.status === 'CONFIRMED' ? [] : [`status ${booking.status}`]),
      ...contactAsSent(booking, body.contact),
      ...unitItemsAsSent(booking, body.unitItems),
    ];
  },
  // Update flow.
  'Booking Update - Change Date': async () => {
    const held = await reservation(departures[0]!);
    const to = String(departures[1]);
    const { problems, booking } = expectBooking(
      await answer(
        patchRoute(req(`/bookings/${held.uuid}`, { method: 'PATCH', body: { availabilityId: to } }), params(held.uuid)),
      ),
    );
    if (problems.length > 0) return problems;
    return [
      ...placed(booking, { productId: held.productId, optionId: held.optionId, availabilityId: to }),
      ...(booking.unitItems.length === held.unitItems.length ? [] : ['UnitItems count is not matching']),
    ];
  },
  'Booking Update - Unit Items': async () => {
    const held = await reservation(departures[0]!, 2);
    const sent = units(3);
    const { problems, booking } = expectBooking(
      await answer(
        patchRoute(req(`/bookings/${held.uuid}`, { method: 'PATCH', body: { unitItems: sent } }), params(held.uuid)),
      ),
    );
    return problems.length > 0 ? problems : [...unitItemsAsSent(booking, sent), ...placed(booking, held)];
  },
  'Booking Update - Contact': async () => {
    const held = await reservation(departures[0]!);
    const contact = {
      fullName: 'John Doe',
      firstName: 'John',
      lastName: 'Doe',
      emailAddress: 'johndoe@email.com',
      phoneNumber: '+00000000',
      country: 'GB',
      notes: 'Test notes contact',
      locales: ['en'],
    };
    const { problems, booking } = expectBooking(
      await answer(
        patchRoute(
          req(`/bookings/${held.uuid}`, { method: 'PATCH', body: { contact, notes: 'Test note' } }),
          params(held.uuid),
        ),
      ),
    );
    if (problems.length > 0) return problems;
    return [
      ...contactAsSent(booking, contact),
      ...(booking.notes === 'Test note' ? [] : [`notes ${booking.notes}`]),
      ...placed(booking, held),
    ];
  },
  'Booking Update - Product': async () => {
    const held = await reservation(departures[0]!);
    const where = { productId: String(second.tourId), optionId: option, availabilityId: String(otherProductDeparture) };
    const sent = units(1);
    const { problems, booking } = expectBooking(
      await answer(
        patchRoute(
          req(`/bookings/${held.uuid}`, { method: 'PATCH', body: { ...where, unitItems: sent } }),
          params(held.uuid),
        ),
      ),
    );
    return problems.length > 0 ? problems : [...placed(booking, where), ...unitItemsAsSent(booking, sent)];
  },
  // Cancellation flow.
  'Booking Cancellation Reservation': async () => {
    const held = await reservation(departures[0]!);
    const { problems, booking } = expectBooking(
      await answer(
        cancelRoute(req(`/bookings/${held.uuid}/cancel`, { body: { reason: 'Test reason' } }), params(held.uuid)),
      ),
    );
    if (problems.length > 0) return problems;
    return [
      ...(booking.status === 'EXPIRED' ? [] : [`status ${booking.status}, expected EXPIRED`]),
      ...(booking.cancellation?.reason === 'Test reason'
        ? []
        : [`cancellation.reason ${booking.cancellation?.reason}`]),
    ];
  },
  'Booking Cancellation Booking': async () => {
    const sold = await confirmed(departures[2]!);
    const { problems, booking } = expectBooking(
      await answer(
        cancelRoute(req(`/bookings/${sold.uuid}/cancel`, { body: { reason: 'Test reason' } }), params(sold.uuid)),
      ),
    );
    if (problems.length > 0) return problems;
    return [
      ...(booking.status === 'CANCELLED' ? [] : [`status ${booking.status}`]),
      ...(booking.cancellation?.reason === 'Test reason'
        ? []
        : [`cancellation.reason ${booking.cancellation?.reason}`]),
    ];
  },
  'Booking Cancellation Invalid UUID (400 INVALID_BOOKING_UUID)': async () => {
    const uuid = crypto.randomUUID();
    return expectError(
      await answer(cancelRoute(req(`/bookings/${uuid}/cancel`, { body: { reason: 'x' } }), params(uuid))),
      400,
      'INVALID_BOOKING_UUID',
      zErrorInvalidBookingUuid,
    );
  },
  // Get flow.
  'Booking Get Reservation': async () => {
    const held = await reservation(departures[0]!);
    const { problems, booking } = expectBooking(
      await answer(bookingRoute(req(`/bookings/${held.uuid}`), params(held.uuid))),
    );
    return problems.length > 0 ? problems : booking.status === 'ON_HOLD' ? [] : [`status ${booking.status}`];
  },
  'Booking Get Booking': async () => {
    const sold = await confirmed(departures[2]!);
    const { problems, booking } = expectBooking(
      await answer(bookingRoute(req(`/bookings/${sold.uuid}`), params(sold.uuid))),
    );
    return problems.length > 0 ? problems : booking.status === 'CONFIRMED' ? [] : [`status ${booking.status}`];
  },
  'Booking Get Invalid UUID (400 INVALID_BOOKING_UUID)': async () => {
    const uuid = crypto.randomUUID();
    return expectError(
      await answer(bookingRoute(req(`/bookings/${uuid}`), params(uuid))),
      400,
      'INVALID_BOOKING_UUID',
      zErrorInvalidBookingUuid,
    );
  },
  // List flow.
  'Booking List Supplier Reference': async () => {
    const sold = await confirmed(departures[2]!);
    const a = await answer(listRoute(req(`/bookings?supplierReference=${sold.supplierReference}`)));
    if (a.status !== 200 || !Array.isArray(a.body) || a.body.length < 1) return [`status ${a.status}`];
    return a.body.flatMap((b: OctoBooking) => [
      ...schemaProblems(zBooking, b, 'a booking'),
      ...(b.supplierReference === sold.supplierReference ? [] : ['supplierReference']),
    ]);
  },
  'Booking List Reseller Reference': async () => {
    await confirmed(departures[2]!);
    const a = await answer(listRoute(req('/bookings?resellerReference=REF-1')));
    if (a.status !== 200 || !Array.isArray(a.body) || a.body.length < 1) return [`status ${a.status}`];
    return a.body.flatMap((b: OctoBooking) => [
      ...schemaProblems(zBooking, b, 'a booking'),
      ...(b.resellerReference === 'REF-1' ? [] : ['resellerReference']),
    ]);
  },
  'Booking List BAD_REQUEST (400 BAD_REQUEST)': async () =>
    expectError(await answer(listRoute(req('/bookings'))), 400, 'BAD_REQUEST', zErrorBadRequest),
};

describe(`OCTO validator supplier scenarios on ${testDatabaseKind}`, () => {
  for (const [name, run] of Object.entries(scenarios)) {
    it(name, async () => {
      expect(await run()).toEqual([]);
    });
  }

  it('a change to a full departure is refused and the booking keeps its seats; a confirmed change re-prices and re-issues', async () => {
    const full = await addDeparture(payload, first, { capacity: 2 });
    const roomy = departures[2]!;
    await reservation(full, 2);
    const held = await reservation(roomy, 1);
    const before = await seatsOf(payload, roomy);
    const refused = await answer(
      patchRoute(
        req(`/bookings/${held.uuid}`, { method: 'PATCH', body: { availabilityId: String(full) } }),
        params(held.uuid),
      ),
    );
    expect(expectError(refused, 400, 'UNPROCESSABLE_ENTITY', zErrorUnprocessableEntity)).toEqual([]);
    expect((refused.body as { errorMessage: string }).errorMessage).toMatch(/keeps what it had/);
    expect(await seatsOf(payload, roomy)).toEqual(before);
    const kept = expectBooking(await answer(bookingRoute(req(`/bookings/${held.uuid}`), params(held.uuid))));
    expect(kept.booking.availabilityId).toBe(String(roomy));

    const sold = await confirmed(roomy, 1);
    const tickets = (sold as unknown as { unitItems: { supplierReference: string }[] }).unitItems.map(
      (u) => u.supplierReference,
    );
    const grown = expectBooking(
      await answer(
        patchRoute(
          req(`/bookings/${sold.uuid}`, { method: 'PATCH', body: { unitItems: units(3) } }),
          params(sold.uuid),
        ),
      ),
    );
    expect(grown.problems).toEqual([]);
    expect(grown.booking.status).toBe('CONFIRMED');
    const after = grown.booking as unknown as {
      unitItems: { supplierReference: string }[];
      pricing: { retail: number };
    };
    expect(after.unitItems).toHaveLength(3);
    expect(after.unitItems.map((u) => u.supplierReference)).not.toContain(tickets[0]);
    expect(after.pricing).toMatchObject({ retail: 3 * 1500, net: 3 * 1200 });

    // Fewer people: the difference goes back to the reseller's account, the net follows, and the
    // invoices (sale, difference, rectification) add up to what the booking now costs.
    const shrunk = expectBooking(
      await answer(
        patchRoute(
          req(`/bookings/${sold.uuid}`, { method: 'PATCH', body: { unitItems: units(1) } }),
          params(sold.uuid),
        ),
      ),
    );
    expect(shrunk.problems).toEqual([]);
    expect((shrunk.booking as unknown as { pricing: { retail: number; net: number } }).pricing).toMatchObject({
      retail: 1500,
      net: 1200,
    });
    const { rows } = await shopDb(payload).query('SELECT id FROM bookings WHERE octo_uuid = ?', [sold.uuid]);
    const invoices = await invoicesOfBooking(shopDb(payload), Number(rows[0]!.id));
    expect(invoices.map((invoice) => invoice.totalCents)).toEqual([1500, 3000, -3000]);
    expect(invoices[2]!.type).toMatch(/^R/);
    // The audit log has each change, by the reseller, with the seats and price before and after.
    const audit = await payload.find({
      collection: 'audit-log',
      overrideAccess: true,
      where: { subject: { equals: `booking:${sold.supplierReference}` }, action: { equals: 'booking.moved' } },
      sort: 'createdAt',
    });
    expect(audit.docs.map((entry) => [entry.actor, entry.before, entry.after])).toEqual([
      [
        expect.stringMatching(/^reseller:\d+$/),
        { departureId: roomy, seats: 1, totalCents: 1500 },
        { departureId: roomy, seats: 3, totalCents: 4500 },
      ],
      [
        expect.stringMatching(/^reseller:\d+$/),
        { departureId: roomy, seats: 3, totalCents: 4500 },
        { departureId: roomy, seats: 1, totalCents: 1500 },
      ],
    ]);
  });
});
