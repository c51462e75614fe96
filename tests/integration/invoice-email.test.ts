import { beforeAll, describe, expect, it } from 'vitest';

import { cancelBooking } from '@/operations/booking-actions';
import { shopDb } from '@/booking/db';
import { subscribe } from '@/booking/events';
import { invoicesOfBooking } from '@/invoicing/ledger';
import { INVOICE_TEMPLATE, invoiceRef, queueMissingInvoiceEmails } from '@/tickets/invoice-email';
import { registerTicketSubscribers } from '@/tickets/subscribers';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { decodeQrCodes } from '../fixtures/pdf-qr';
import { paidBooking, sandboxProvider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'aquarium' });
});
checkInvariantsAfterEach(() => payload);

async function invoiceEmails(invoiceId: number) {
  const found = await payload.find({
    collection: 'email-log',
    where: { ref: { equals: invoiceRef(invoiceId) }, template: { equals: INVOICE_TEMPLATE } },
    depth: 0,
    overrideAccess: true,
  });
  return found.docs;
}

const cancelWithRefund = (reference: string) =>
  cancelBooking(
    payload,
    { reference, refund: 'full', reason: 'customer request', by: 'user:1' },
    { provider: sandboxProvider },
  );

describe(`rectifying invoices reach the customer on ${testDatabaseKind}`, () => {
  it('a refund e-mails its R5, in the booking language, once', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const paid = await paidBooking(payload, departureId, { adults: 2, locale: 'fr' });
    expect((await cancelWithRefund(paid.reference)).ok).toBe(true);
    const rectifying = (await invoicesOfBooking(shopDb(payload), paid.bookingId)).find((i) => i.type === 'R5')!;
    const [email, ...more] = await invoiceEmails(rectifying.id);
    expect(more).toEqual([]);
    expect(email!.subject).toContain(rectifying.seriesNumber);
    expect(email!.subject).toMatch(/^Facture rectificative/);
    expect(email!.text).toContain('-30,00');
    // The minute sweep finds nothing left to send.
    expect(await queueMissingInvoiceEmails(payload, new Date(Date.now() + 120_000))).toBe(0);
  });

  it('when the subscriber misses it, the sweep sends it with the invoice PDF and its tax QR', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const paid = await paidBooking(payload, departureId, { adults: 1 });
    const silence = subscribe('booking.refunded', 'tickets.invoice-email', () => {});
    try {
      expect((await cancelWithRefund(paid.reference)).ok).toBe(true);
    } finally {
      silence();
      registerTicketSubscribers();
    }
    const rectifying = (await invoicesOfBooking(shopDb(payload), paid.bookingId)).find((i) => i.type === 'R5')!;
    expect(await invoiceEmails(rectifying.id)).toEqual([]);
    expect(await queueMissingInvoiceEmails(payload, new Date(Date.now() + 120_000))).toBe(1);
    const [email] = await invoiceEmails(rectifying.id);
    expect(email).toBeDefined();
    const job = await payload.find({
      collection: 'payload-jobs',
      where: { 'input.logId': { equals: String(email!.id) } },
      depth: 0,
      overrideAccess: true,
    });
    const message = (job.docs[0]?.input as { message?: { attachments?: { contentBase64: string }[] } })?.message;
    const pdf = Buffer.from(message!.attachments![0]!.contentBase64, 'base64');
    const codes = await decodeQrCodes(pdf);
    expect(
      codes.some((code) => code.includes('ValidarQR') && code.includes(encodeURIComponent(rectifying.seriesNumber))),
    ).toBe(true);
  });
});
