import { beforeAll, describe, expect, it } from 'vitest';

import { handlePaymentNotification, startPayment } from '@/booking/checkout';
import { shopDb } from '@/booking/db';
import { createHold } from '@/booking/holds';
import { SANDBOX_TEST_CARD, createSandboxProvider, readSandboxRequest, sandboxNotification } from '@/payments/sandbox';
import { bookingLinkSignature, isValidBookingLink } from '@/booking/signature';
import { loadPaidBooking, queueMissingTicketEmails, ticketsRef } from '@/tickets/delivery';

import { decodeQrCodes } from '../fixtures/pdf-qr';
import { addDeparture, customer, makeTour, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';
import { forgedSignature } from '../fixtures/forged-signature';

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };

const siteUrl = 'http://localhost:3110';
const provider = createSandboxProvider({ siteUrl });

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'museum' });
});

async function paidBooking(adults: number, children: number) {
  const departureId = await addDeparture(payload, shop, { capacity: 40 });
  const held = await createHold(payload, {
    departureId,
    selection: selection({ adult: adults, child: children }),
    customer,
    locale: 'fr',
  });
  if (!held.ok) throw new Error(held.error);
  const started = await startPayment(payload, held.reference, { provider, siteUrl });
  if (!started.ok) throw new Error(started.error);
  const opened = readSandboxRequest(started.form.fields as unknown as Record<string, string>, { siteUrl });
  if (!opened.ok) throw new Error(opened.reason);
  const outcome = await handlePaymentNotification(
    payload,
    sandboxNotification(opened.request, 'pay', SANDBOX_TEST_CARD) as unknown as Record<string, string>,
    { provider },
  );
  expect(outcome.status).toBe('confirmed');
  return held;
}

async function ticketEmails(bookingId: number) {
  return (
    await payload.find({
      collection: 'email-log',
      where: { ref: { equals: ticketsRef(bookingId) }, template: { equals: 'tickets' } },
      overrideAccess: true,
    })
  ).docs;
}

describe(`ticket delivery on ${testDatabaseKind}`, () => {
  it('queues the tickets e-mail in the visitor language with a PDF whose QR codes are the booking and its issued tickets', async () => {
    const held = await paidBooking(2, 1);
    const emails = await ticketEmails(held.bookingId);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toMatch(/^Vos billets pour /);
    expect(emails[0]!.to).toContain(customer.email);

    const { docs: jobs } = await payload.find({ collection: 'payload-jobs', limit: 100, overrideAccess: true });
    const job = jobs.find((j) => (j.input as { logId?: string }).logId === String(emails[0]!.id));
    const message = (job!.input as { message: { attachments: { filename: string; contentBase64: string }[] } }).message;
    const pdf = message.attachments.find((a) => a.filename.endsWith('.pdf'))!;
    const decoded = await decodeQrCodes(Buffer.from(pdf.contentBase64, 'base64'));
    const { rows } = await shopDb(payload).query('SELECT code FROM tickets WHERE booking_id = ? ORDER BY id', [
      held.bookingId,
    ]);
    // The tax QR first (the PDF is the sale's invoice), then the booking's group code (it boards
    // the whole party), then one QR per person.
    expect(decoded).toEqual([
      expect.stringMatching(/\/TIKE-CONT\/ValidarQR\?nif=/),
      held.reference,
      ...rows.map((r) => String(r.code)),
    ]);
    expect(message.attachments.map((a) => a.filename)).toContain(`${held.reference}.ics`);
  });

  it('queues an e-mail that was lost between payment and queue, once', async () => {
    const held = await paidBooking(1, 0);
    await payload.delete({
      collection: 'email-log',
      where: { ref: { equals: ticketsRef(held.bookingId) } },
      overrideAccess: true,
    });
    const later = new Date(Date.now() + 5 * 60_000);
    expect(await queueMissingTicketEmails(payload, later)).toBeGreaterThanOrEqual(1);
    expect(await ticketEmails(held.bookingId)).toHaveLength(1);
    await queueMissingTicketEmails(payload, later);
    expect(await ticketEmails(held.bookingId)).toHaveLength(1);
  });

  it('opens a booking only with its own signature, and only once it is paid', async () => {
    const held = await paidBooking(1, 0);
    const signature = await bookingLinkSignature(payload, held.reference);
    expect(await isValidBookingLink(payload, held.reference, signature)).toBe(true);
    expect(await isValidBookingLink(payload, held.reference, forgedSignature(signature))).toBe(false);
    expect(await isValidBookingLink(payload, 'OTHERREFERENCE', signature)).toBe(false);
    expect(await isValidBookingLink(payload, held.reference, null)).toBe(false);
    const booking = await loadPaidBooking(payload, { reference: held.reference });
    expect(booking).toMatchObject({ reference: held.reference, locale: 'fr', status: 'paid' });
    expect(booking!.tickets).toHaveLength(1);

    const unpaid = await createHold(payload, {
      departureId: await addDeparture(payload, shop),
      selection: selection({ adult: 1 }),
      customer,
      locale: 'fr',
    });
    expect(unpaid.ok && (await loadPaidBooking(payload, { reference: unpaid.reference }))).toBeNull();
  });
});
