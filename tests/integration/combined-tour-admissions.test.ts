import { zBooking } from '@octocloud/types';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import BookingPage from '@/app/(site)/[locale]/reserva/[reference]/page';
import { POST as confirmRoute } from '@/app/octo/v1/bookings/[uuid]/confirm/route';
import { POST as reserveRoute } from '@/app/octo/v1/bookings/route';
import { cancelBooking } from '@/operations/booking-actions';
import { shopDb } from '@/booking/db';
import { bookingLinkSignature } from '@/booking/signature';
import type { Locale } from '@/i18n/locales';
import { vatInGross } from '@/invoicing/vat';
import { admissionsOfBooking } from '@/partners/admissions-repository';
import { newApiKey } from '@/resellers/octo/keys';
import { ticketsRef } from '@/tickets/delivery';
import { applePassJson, passTexts } from '@/wallet/pass-content';
import { loadWalletBooking } from '@/wallet/wallet-booking';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { combineTour, makePartner } from '../fixtures/partner-fixtures';
import { pdfTexts } from '../fixtures/pdf-text';
import { decodeQrCodes } from '../fixtures/pdf-qr';
import { paidBooking, sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

// The booking page uses next-intl's server API, which outside Next has no request to read its
// configuration from: the same messages, through next-intl's own translator (booking-page-states.test.ts).
vi.mock('next-intl/server', async () => {
  const { createTranslator } = await import('next-intl');
  const { loadMessages: load } = await import('@/i18n/messages');
  return {
    setRequestLocale: () => {},
    getTranslations: async ({ locale, namespace }: { locale: Locale; namespace?: string }) =>
      createTranslator({ locale, messages: await load(locale), namespace: namespace as never }),
  };
});

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

/** Renders a server page, its async components awaited first (as booking-page-states.test.ts). */
async function html(node: Promise<ReactNode> | ReactNode): Promise<string> {
  async function resolve(value: ReactNode): Promise<ReactNode> {
    if (Array.isArray(value)) return Promise.all(value.map(resolve));
    if (!isValidElement(value)) return value;
    const element = value as ReactElement<{ children?: ReactNode }>;
    const { type, props } = element;
    if (typeof type === 'function' && type.constructor.name === 'AsyncFunction') {
      return resolve(await (type as (p: unknown) => Promise<ReactNode>)(props));
    }
    if (props.children === undefined) return element;
    const children = await resolve(props.children);
    return Array.isArray(props.children)
      ? cloneElement(element, undefined, ...(children as ReactNode[]))
      : cloneElement(element, undefined, children);
  }
  return renderToStaticMarkup(await resolve(await node))
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
}

const page = (reference: string, locale: Locale) =>
  html(
    BookingPage({
      params: Promise.resolve({ locale, reference }),
      searchParams: bookingLinkSignature(payload, reference).then((firma) => ({ firma })),
    }),
  );

/** The admissions the booking page lists: code → status. */
const listed = (markup: string) =>
  Object.fromEntries(
    [...markup.matchAll(/data-admission="([^"]+)" data-status="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]),
  );

let aquarium: number;
let museum: number;
let tour: { tourId: number; boatId: number };
const aquariumName = `Aquàrium ${Date.now()}`;
const museumName = `Museu de Cera ${Date.now()}`;

beforeAll(async () => {
  // The Aquarium sold on its behalf (agency), valid the trip's day; the museum bought and resold at
  // 21 %, valid for a week from the trip.
  aquarium = await makePartner(payload, { validity: 'tripDay' }, { name: aquariumName });
  museum = await makePartner(
    payload,
    { validity: 'daysAfter', validityDays: 7, taxTreatment: 'resale', resaleVatRatePct: 21 },
    { name: museumName },
  );
  // The visitors read the opening hours in their language.
  await payload.update({
    collection: 'partners',
    id: aquarium,
    locale: 'es',
    data: { openingHours: 'Todos los días de 10 a 19 h' } as never,
  });
  tour = await makeTour(payload, { menuKey: 'aquarium', roundTrip: { adult: 4000, reduced: 3500, child: 2500 } });
  await combineTour(payload, tour.tourId, [
    { partnerId: aquarium, adult: 1800, reduced: 1500, child: 1200 },
    { partnerId: museum, adult: 600, reduced: 600, child: 400 },
  ]);
});

describe(`every output of a combined tour carries its admissions, on ${testDatabaseKind} (issue 44)`, () => {
  it('the e-mail, its PDF, the wallet pass and the booking page give every admission code', async () => {
    const departureId = await addDeparture(payload, tour, { capacity: 20 });
    const sold = await paidBooking(payload, departureId, { adults: 2, locale: 'es' });
    const admissions = await admissionsOfBooking(shopDb(payload), sold.bookingId);
    expect(admissions).toHaveLength(4);
    const codes = admissions.map((admission) => admission.code);

    // The e-mail the payment queued, as it will be sent.
    const { docs: emails } = await payload.find({
      collection: 'email-log',
      where: { ref: { equals: ticketsRef(sold.bookingId) }, template: { equals: 'tickets' } },
      overrideAccess: true,
    });
    expect(emails).toHaveLength(1);
    const { docs: jobs } = await payload.find({ collection: 'payload-jobs', limit: 200, overrideAccess: true });
    const job = jobs.find((j) => (j.input as { logId?: string }).logId === String(emails[0]!.id));
    const message = (
      job!.input as { message: { text: string; attachments: { filename: string; contentBase64: string }[] } }
    ).message;
    expect(message.text).toContain('Entradas incluidas');
    for (const code of codes) expect(message.text).toContain(`código ${code}`);
    expect(message.text).toContain('Todos los días de 10 a 19 h');

    // Its PDF: each admission's own QR code after the boat's, and its words in Spanish.
    const pdf = Buffer.from(message.attachments.find((a) => a.filename.endsWith('.pdf'))!.contentBase64, 'base64');
    const decoded = await decodeQrCodes(pdf);
    expect(decoded.slice(-4)).toEqual(codes);
    const text = (await pdfTexts(pdf)).flat().join(' ');
    expect(text).toContain(`Entrada incluida: ${aquariumName}`);
    expect(text).toContain(`Entrada incluida: ${museumName}`);
    expect(text).toContain('Horario: Todos los días de 10 a 19 h');
    for (const code of codes) expect(text).toContain(`Código: ${code}`);

    // The wallet pass: the codes on its back, by partner.
    const walletBooking = (await loadWalletBooking(payload, { id: sold.bookingId }))!;
    const pass = applePassJson(
      walletBooking,
      await passTexts(walletBooking),
      { passTypeId: 'pass.test', teamId: 'TEAM', organizationName: 'Las Golondrinas', webServiceUrl: 'https://x' },
      'https://example.com/es/reserva/x',
    ) as { eventTicket: { backFields: { key: string; label: string; value: string }[] } };
    const back = JSON.stringify(pass.eventTicket.backFields);
    for (const code of codes) expect(back).toContain(`Código: ${code}`);
    expect(pass.eventTicket.backFields.map((f) => f.label)).toEqual(
      expect.arrayContaining([`Entrada incluida: ${aquariumName}`, `Entrada incluida: ${museumName}`]),
    );

    // The booking page: every admission valid, with its QR code.
    const markup = await page(sold.reference, 'es');
    expect(listed(markup)).toEqual(Object.fromEntries(codes.map((code) => [code, 'valid'])));
    expect(markup).toContain('Estado: Válida');
  });

  it('a cancelled booking’s page lists its admissions as cancelled, in the visitor’s language', async () => {
    const departureId = await addDeparture(payload, tour, { capacity: 20 });
    const sold = await paidBooking(payload, departureId, { adults: 1, locale: 'ca' });
    const codes = (await admissionsOfBooking(shopDb(payload), sold.bookingId)).map((a) => a.code);
    expect(codes).toHaveLength(2);
    await cancelBooking(
      payload,
      { reference: sold.reference, refund: 'full', reason: 'changed their mind', by: 'user:1' },
      { provider },
    );
    const markup = await page(sold.reference, 'ca');
    expect(listed(markup)).toEqual(Object.fromEntries(codes.map((code) => [code, 'cancelled'])));
    expect(markup).toContain('Estat: Cancel·lada');
    // A cancelled admission shows no QR code to scan.
    expect(markup).not.toContain(`Codi QR de l’entrada a ${aquariumName}`);
  });

  it('an OCTO booking carries each person’s admissions and the taxes of each part', async () => {
    const made = newApiKey();
    await payload.create({
      collection: 'resellers',
      overrideAccess: true,
      data: { name: 'Viatges Aquàrium', keyPrefix: made.prefix, keyHash: made.hash, commissionPercent: 20 } as never,
    });
    const departureId = await addDeparture(payload, tour, { capacity: 20 });
    const request = (path: string, body: unknown) =>
      new Request(`http://localhost:3111/octo/v1${path}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${made.key}`,
          'Octo-Capabilities': 'octo/pricing',
          'Accept-Language': 'en',
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const held = (await (
      await reserveRoute(
        request('/bookings', {
          productId: String(tour.tourId),
          optionId: 'DEFAULT',
          availabilityId: String(departureId),
          unitItems: [{ unitId: 'adult' }, { unitId: 'child' }],
        }),
      )
    ).json()) as { uuid: string };
    const response = await confirmRoute(
      request(`/bookings/${held.uuid}/confirm`, { contact: { fullName: 'Joan Puig', emailAddress: 'j@example.com' } }),
      { params: Promise.resolve({ uuid: held.uuid }) },
    );
    const booking = (await response.json()) as Record<string, unknown> & {
      supplierReference: string;
      unitItems: {
        ticket: { deliveryOptions: { deliveryFormat: string; deliveryValue: string }[] };
        admissions: { partner: string; code: string; status: string; localDateStart: string }[];
        pricing: { retail: number; includedTaxes: { name: string; retail: number }[] };
      }[];
      pricing: { includedTaxes: { name: string; retail: number }[] };
    };
    expect(response.status).toBe(200);
    expect(zBooking.safeParse(booking).error).toBeUndefined();
    const { rows } = await shopDb(payload).query(
      `SELECT a.code, t.code AS ticket FROM admissions a JOIN tickets t ON t.id = a.ticket_id
       JOIN bookings b ON b.id = a.booking_id WHERE b.reference = ? ORDER BY a.id`,
      [booking.supplierReference],
    );
    expect(rows).toHaveLength(4);
    for (const [index, unit] of booking.unitItems.entries()) {
      const ticket = unit.ticket.deliveryOptions[0]!.deliveryValue;
      const own = rows.filter((row) => row.ticket === ticket).map((row) => String(row.code));
      expect(own).toHaveLength(2);
      // The boat's QR first, then the PDF, then one QR per admission.
      expect(unit.ticket.deliveryOptions.slice(2)).toEqual(
        own.map((code) => ({ deliveryFormat: 'QRCODE', deliveryValue: code })),
      );
      expect(unit.admissions.map((a) => [a.partner, a.code, a.status])).toEqual([
        [aquariumName, own[0], 'CONFIRMED'],
        [museumName, own[1], 'CONFIRMED'],
      ]);
      // Adult 40 €: Aquarium 18 € on its behalf (no tax of ours), museum 6 € resold at 21 %, the
      // boat 16 € at the ticket rate. Child 25 €: 12 €, 4 € at 21 %, the boat 9 €.
      const [boat, resold] = index === 0 ? [1600, 600] : [900, 400];
      // The boat's part at passenger transport's 10 % (the tour's treatment), the museum at 21 %.
      expect(unit.pricing.includedTaxes).toEqual([
        expect.objectContaining({ name: 'IVA 10%', retail: vatInGross(boat, 10) }),
        expect.objectContaining({ name: 'IVA 21%', retail: vatInGross(resold, 21) }),
      ]);
    }
    expect(booking.pricing.includedTaxes).toEqual([
      expect.objectContaining({ name: 'IVA 10%', retail: vatInGross(2500, 10) }),
      expect.objectContaining({ name: 'IVA 21%', retail: vatInGross(1000, 21) }),
    ]);
  });
});
