import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';

import { POST as annulRoute } from '@/app/api/ops/invoices/[id]/annul/route';
import { POST as correctRoute } from '@/app/api/ops/invoices/[id]/correct/route';
import { GET as invoicePdfRoute } from '@/app/api/ops/invoices/[id]/route';
import { GET as recordXmlRoute } from '@/app/api/ops/invoices/[id]/record.xml/route';
import { GET as recordsRoute } from '@/app/api/ops/invoices/[id]/records/route';
import { GET as invoicesRoute } from '@/app/api/ops/invoices/route';
import { cancelBooking } from '@/operations/booking-actions';
import { shopDb } from '@/booking/db';
import { onMoneyMoved } from '@/booking/money-moved';
import { issuer } from '@/invoicing/config';
import { requestFullInvoice } from '@/invoicing/full-invoice';
import { invoicesOfBooking, recordsOfInvoice } from '@/invoicing/ledger';
import { NAMESPACES, recordXml } from '@/invoicing/record-xml';
import { validateAgainstAeatSchema } from '@/invoicing/xsd';
import { queueMissingTicketEmails, ticketsRef } from '@/tickets/delivery';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { expectAccessiblePdf } from '../fixtures/pdf-accessibility';
import { decodeQrCodes } from '../fixtures/pdf-qr';
import { pdfTexts } from '../fixtures/pdf-text';
import { paidBooking, sandboxProvider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };
const tokens: Record<'admin' | 'office' | 'crew', string> = { admin: '', office: '', crew: '' };
const base = 'http://localhost:3112';

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'aquarium' });
  for (const role of ['admin', 'office', 'crew'] as const) {
    const email = `${role}-invoices@example.com`;
    const password = `long enough ${role} password 2026`;
    await payload.create({ collection: 'users', data: { email, password, role } as never });
    tokens[role] = (await payload.login({ collection: 'users', data: { email, password } })).token!;
  }
});
checkInvariantsAfterEach(() => payload);

function call(path: string, role: keyof typeof tokens | null): Request {
  return new Request(`${base}${path}`, { headers: role ? { Authorization: `JWT ${tokens[role]}` } : {} });
}
const params = (id: string) => ({ params: Promise.resolve({ id }) });

type ListedInvoice = {
  id: number;
  series: string;
  number: number;
  seriesNumber: string;
  type: string;
  issuedAt: string;
  totalCents: number;
  vat: { ratePct: number; baseCents: number; vatCents: number }[];
  correctsInvoiceId: number | null;
  huella: string;
  previousHuella: string | null;
  aeat: { status: string; csv: string | null };
  annulled: boolean;
};

async function listInvoices(reference: string, role: keyof typeof tokens = 'office'): Promise<ListedInvoice[]> {
  const response = await invoicesRoute(call(`/api/ops/invoices?booking=${encodeURIComponent(reference)}`, role));
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toContain('no-store');
  const body = (await response.json()) as { ok: boolean; invoices: ListedInvoice[] };
  expect(body.ok).toBe(true);
  return body.invoices;
}

async function invoicePdf(id: number, role: keyof typeof tokens = 'office') {
  const response = await invoicePdfRoute(call(`/api/ops/invoices/${id}.pdf`, role), params(`${id}.pdf`));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return new Uint8Array(await response.arrayBuffer());
}

async function ticketEmails(bookingId: number) {
  const { docs } = await payload.find({
    collection: 'email-log',
    where: { ref: { equals: ticketsRef(bookingId) }, template: { equals: 'tickets' } },
    overrideAccess: true,
  });
  return docs;
}

/** The ticket e-mail's PDF as queued for the mail job. */
async function ticketEmailPdf(bookingId: number): Promise<Buffer> {
  const emails = await ticketEmails(bookingId);
  expect(emails).toHaveLength(1);
  const { docs: jobs } = await payload.find({ collection: 'payload-jobs', limit: 500, overrideAccess: true });
  const job = jobs.find((j) => (j.input as { logId?: string }).logId === String(emails[0]!.id));
  const message = (job!.input as { message: { attachments: { filename: string; contentBase64: string }[] } }).message;
  const pdf = message.attachments.find((a) => a.filename.endsWith('.pdf'))!;
  return Buffer.from(pdf.contentBase64, 'base64');
}

const testQrBase = 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR';
const year = String(new Date().getUTCFullYear());

describe(`invoice documents and the staff invoices API on ${testDatabaseKind}`, () => {
  it('a web sale: its F2 is listed with its huella, its record.xml is what the AEAT’s schema takes, its PDF and the ticket e-mail carry the tax QR', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const paid = await paidBooking(payload, departureId, { adults: 3, locale: 'es' });

    const [listed, ...more] = await listInvoices(paid.reference);
    expect(more).toEqual([]);
    expect(listed).toMatchObject({
      type: 'F2',
      series: `W${year}`,
      totalCents: 4_500,
      vat: [{ ratePct: 10, baseCents: 4_091, vatCents: 409 }],
      correctsInvoiceId: null,
      aeat: { status: 'pending', csv: null },
      annulled: false,
    });
    expect(listed!.seriesNumber).toBe(`W${year}-${String(listed!.number).padStart(6, '0')}`);
    expect(Date.parse(listed!.issuedAt)).not.toBeNaN();
    const [stored] = await recordsOfInvoice(shopDb(payload), listed!.id);
    expect(listed!.huella).toBe(stored!.huella);
    expect(listed!.huella).toMatch(/^[0-9A-F]{64}$/);
    expect(listed!.previousHuella).toBe(stored!.previousHuella);
    // The admin reads the same list.
    expect(await listInvoices(paid.reference, 'admin')).toEqual([listed]);

    const xmlResponse = await recordXmlRoute(
      call(`/api/ops/invoices/${listed!.id}/record.xml`, 'office'),
      params(String(listed!.id)),
    );
    expect(xmlResponse.status).toBe(200);
    expect(xmlResponse.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const served = await xmlResponse.text();
    expect(served).toBe(recordXml(stored!.record));
    expect(served).toContain(`<sf:Huella>${listed!.huella}</sf:Huella>`);
    // The served bytes, put in a request as the sender puts them, are what the AEAT's schema takes.
    const who = issuer();
    const request =
      `<sfLR:RegFactuSistemaFacturacion xmlns:sfLR="${NAMESPACES.lr}" xmlns:sf="${NAMESPACES.info}">` +
      `<sfLR:Cabecera><sf:ObligadoEmision><sf:NombreRazon>${who.name}</sf:NombreRazon><sf:NIF>${who.nif}</sf:NIF></sf:ObligadoEmision></sfLR:Cabecera>` +
      `<sfLR:RegistroFactura>${served}</sfLR:RegistroFactura></sfLR:RegFactuSistemaFacturacion>`;
    expect(await validateAgainstAeatSchema(request)).toEqual({ valid: true, errors: [] });

    const qrUrl = `${testQrBase}?nif=${who.nif}&numserie=${listed!.seriesNumber}&fecha=${stored!.record.invoice.issueDate}&importe=45.00`;
    const pdf = await invoicePdf(listed!.id);
    await expectAccessiblePdf(pdf);
    expect((await PDFDocument.load(pdf)).getTitle()).toBe(`Factura ${listed!.seriesNumber}`);
    expect((await pdfTexts(pdf)).flat()).toEqual(
      expect.arrayContaining(['Factura simplificada', `Número de factura: ${listed!.seriesNumber}`, 'IVA incluido']),
    );
    expect(await decodeQrCodes(pdf)).toEqual([qrUrl]);

    // The e-mail's PDF is the invoice too: its first QR is the tax QR, the boarding codes follow.
    const ticketPdf = await ticketEmailPdf(paid.bookingId);
    await expectAccessiblePdf(ticketPdf);
    const codes = await decodeQrCodes(ticketPdf);
    expect(codes[0]).toBe(qrUrl);
    expect(codes).toHaveLength(1 + 1 + 3);
    expect((await pdfTexts(ticketPdf))[0]).toEqual(
      expect.arrayContaining([`Número de factura: ${listed!.seriesNumber}`]),
    );
  });

  it('a cancellation with a refund: the R5 is listed with its negative total and what it corrects, and its PDF says so', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const paid = await paidBooking(payload, departureId, { adults: 2, locale: 'en' });
    const cancelled = await cancelBooking(
      payload,
      { reference: paid.reference, refund: 'full', reason: 'customer request', by: 'user:1' },
      { provider: sandboxProvider },
    );
    expect(cancelled.ok).toBe(true);

    const [sale, rectifying] = await listInvoices(paid.reference);
    expect(rectifying).toMatchObject({
      type: 'R5',
      series: `WR${year}`,
      totalCents: -3_000,
      vat: [{ ratePct: 10, baseCents: -2_727, vatCents: -273 }],
      correctsInvoiceId: sale!.id,
      previousHuella: expect.stringMatching(/^[0-9A-F]{64}$/),
      aeat: { status: 'pending', csv: null },
    });

    const pdf = await invoicePdf(rectifying!.id, 'admin');
    const texts = (await pdfTexts(pdf)).flat();
    const [saleInvoice] = await invoicesOfBooking(shopDb(payload), paid.bookingId);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Factura rectificativa (simplificada) / Corrective invoice (simplified)',
        `Invoice number: ${rectifying!.seriesNumber}`,
        'Factura rectificativa / Corrective invoice',
        expect.stringContaining(`Corrects, by differences: ${sale!.seriesNumber} of `),
        '-€30.00',
      ]),
    );
    expect(saleInvoice!.id).toBe(sale!.id);
    const [qr] = await decodeQrCodes(pdf);
    expect(qr).toMatch(new RegExp(`numserie=${rectifying!.seriesNumber}&fecha=\\d{2}-\\d{2}-\\d{4}&importe=-30\\.00$`));
  });

  it('a full invoice asked for later: the F3 names its recipient with tax id and address, and what it replaces', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const paid = await paidBooking(payload, departureId, { adults: 2, locale: 'es' });
    const asked = await requestFullInvoice(payload, paid.reference, {
      name: 'Escola Mar SL',
      taxId: 'B12345674',
      address: 'Carrer Gran 1, 08001 Barcelona',
    });
    expect(asked.ok).toBe(true);
    const [sale, full] = await listInvoices(paid.reference);
    expect(full).toMatchObject({ type: 'F3', totalCents: 3_000 });
    const texts = (await pdfTexts(await invoicePdf(full!.id))).flat();
    expect(texts).toEqual(
      expect.arrayContaining([
        'Factura en sustitución de facturas simplificadas',
        'Destinatario',
        'Escola Mar SL',
        'NIF: B12345674',
        'Carrer Gran 1, 08001 Barcelona',
        expect.stringContaining(`Sustituye a las facturas simplificadas: ${sale!.seriesNumber} de `),
      ]),
    );
  });

  it('a sale whose invoice failed in its payment: its tickets wait, then go out with the invoice issued first', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const restore = onMoneyMoved('invoicing', async () => {
      throw new Error('invoicing is down');
    });
    let paid: Awaited<ReturnType<typeof paidBooking>>;
    try {
      paid = await paidBooking(payload, departureId, { adults: 1, locale: 'ca' });
    } finally {
      restore();
      const { registerInvoicingSubscribers } = await import('@/invoicing/subscribers');
      registerInvoicingSubscribers();
    }
    const db = shopDb(payload);
    expect(await invoicesOfBooking(db, paid.bookingId)).toEqual([]);
    // No tickets without their invoice: the payment's subscriber queued nothing.
    expect(await ticketEmails(paid.bookingId)).toEqual([]);

    // The ticket e-mails' sweep issues the invoice first, then sends the tickets that are it.
    expect(await queueMissingTicketEmails(payload, new Date(Date.now() + 5 * 60_000))).toBeGreaterThanOrEqual(1);
    const invoices = await invoicesOfBooking(db, paid.bookingId);
    expect(invoices.map((invoice) => [invoice.type, invoice.totalCents])).toEqual([['F2', 1_500]]);
    const [taxQr] = await decodeQrCodes(await ticketEmailPdf(paid.bookingId));
    expect(taxQr).toContain(`numserie=${invoices[0]!.seriesNumber}&`);
  });

  it('answers 401 signed out, 403 to the crew, 404 for an unknown invoice or booking, 400 without a booking', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const paid = await paidBooking(payload, departureId, { adults: 1 });
    const [invoice] = await invoicesOfBooking(shopDb(payload), paid.bookingId);
    const id = String(invoice!.id);
    const calls = (role: keyof typeof tokens | null) => [
      invoicesRoute(call(`/api/ops/invoices?booking=${paid.reference}`, role)),
      recordXmlRoute(call(`/api/ops/invoices/${id}/record.xml`, role), params(id)),
      invoicePdfRoute(call(`/api/ops/invoices/${id}.pdf`, role), params(`${id}.pdf`)),
    ];
    expect((await Promise.all(calls(null))).map((r) => r.status)).toEqual([401, 401, 401]);
    const crew = await Promise.all(calls('crew'));
    expect(crew.map((r) => r.status)).toEqual([403, 403, 403]);
    expect(await crew[0]!.json()).toEqual({ ok: false, error: 'forbidden' });

    const unknown = String(invoice!.id + 100_000);
    const notFound = await Promise.all([
      recordXmlRoute(call(`/api/ops/invoices/${unknown}/record.xml`, 'office'), params(unknown)),
      invoicePdfRoute(call(`/api/ops/invoices/${unknown}.pdf`, 'office'), params(`${unknown}.pdf`)),
      invoicePdfRoute(call(`/api/ops/invoices/${id}.txt`, 'office'), params(`${id}.txt`)),
      recordXmlRoute(call(`/api/ops/invoices/abc/record.xml`, 'office'), params('abc')),
      invoicesRoute(call('/api/ops/invoices?booking=NOSUCHREF', 'office')),
    ]);
    expect(notFound.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    expect(await notFound[0]!.json()).toMatchObject({ ok: false, error: 'notFound' });
    const missing = await invoicesRoute(call('/api/ops/invoices', 'office'));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ ok: false, error: 'bookingRequired' });
  });

  it('the admin annuls an invoice issued in error and it is re-issued at once; only the admin may', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    const paid = await paidBooking(payload, departureId, { adults: 1 });
    const [invoice] = await invoicesOfBooking(shopDb(payload), paid.bookingId);
    const id = String(invoice!.id);
    const post = (path: string, role: keyof typeof tokens | null) =>
      new Request(`${base}${path}`, {
        method: 'POST',
        headers: role ? { Authorization: `JWT ${tokens[role]}` } : {},
      });
    expect((await annulRoute(post(`/api/ops/invoices/${id}/annul`, 'office'), params(id))).status).toBe(403);
    expect((await correctRoute(post(`/api/ops/invoices/${id}/correct`, 'office'), params(id))).status).toBe(403);
    const annulled = await annulRoute(post(`/api/ops/invoices/${id}/annul`, 'admin'), params(id));
    expect(annulled.status).toBe(200);
    const body = (await annulled.json()) as { reissued: { type: string; seriesNumber: string } };
    expect(body.reissued.type).toBe('F2');
    expect(body.reissued.seriesNumber).not.toBe(invoice!.seriesNumber);
    expect((await annulRoute(post(`/api/ops/invoices/${id}/annul`, 'admin'), params(id))).status).toBe(409);
    // A record the AEAT has not refused has nothing to correct.
    expect((await correctRoute(post(`/api/ops/invoices/${id}/correct`, 'admin'), params(id))).status).toBe(409);
    const listed = (await (
      await invoicesRoute(call(`/api/ops/invoices?booking=${paid.reference}`, 'office'))
    ).json()) as { invoices: ListedInvoice[] };
    expect(listed.invoices.map((i) => [i.type, i.annulled])).toEqual([
      ['F2', true],
      ['F2', false],
    ]);

    // Both records of the annulled invoice are served, each with its XML as sent and the AEAT's answer.
    expect((await recordsRoute(call(`/api/ops/invoices/${id}/records`, 'crew'), params(id))).status).toBe(403);
    expect((await recordsRoute(call(`/api/ops/invoices/999999/records`, 'office'), params('999999'))).status).toBe(404);
    const recordsResponse = await recordsRoute(call(`/api/ops/invoices/${id}/records`, 'office'), params(id));
    expect(recordsResponse.status).toBe(200);
    expect(recordsResponse.headers.get('cache-control')).toContain('no-store');
    const served = (await recordsResponse.json()) as {
      records: { kind: string; position: number; huella: string; aeat: { status: string } | null; xml: string }[];
    };
    const stored = await recordsOfInvoice(shopDb(payload), invoice!.id);
    expect(served.records.map((r) => [r.kind, r.position, r.huella])).toEqual(
      stored.map((s) => [s.record.kind, s.position, s.huella]),
    );
    expect(served.records.map((r) => r.kind)).toEqual(['alta', 'anulacion']);
    expect(served.records[1]!.xml).toBe(recordXml(stored[1]!.record));
    expect(served.records[1]!.xml).toMatch(/^<sf:RegistroAnulacion /);
    expect(served.records[1]!.aeat).toMatchObject({ status: 'pending' });
  });
});
