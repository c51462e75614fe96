import { beforeAll, describe, expect, it } from 'vitest';

import { POST as annulRoute } from '@/app/api/ops/invoices/[id]/annul/route';
import { GET as booksCsvRoute } from '@/app/api/ops/invoices/books.csv/route';
import { GET as salesCsvRoute } from '@/app/api/ops/reports/sales.csv/route';
import { cancelBooking, moveBooking } from '@/operations/booking-actions';
import { num, shopDb } from '@/booking/db';
import { addDays, madridToday } from '@/i18n/time';
import { invoicesAdminMessages } from '@/i18n/invoices-admin-messages';
import { fill } from '@/lib/icu-lite';
import {
  bookInvoiceById,
  bookLines,
  invoiceBook,
  invoiceBookPages,
  invoiceBookSums,
  searchInvoices,
  staleRecords,
} from '@/invoicing/books';
import { bookCsv, bookCsvChunks } from '@/invoicing/books-csv';
import { requestFullInvoice } from '@/invoicing/full-invoice';
import { annulInvoice, invoicesOfBooking } from '@/invoicing/ledger';
import { sellAtBoxOffice } from '@/operations/box-office';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { paidBooking, sandboxProvider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour, selection } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
const users: Record<'admin' | 'office' | 'crew', { token: string; id: number }> = {
  admin: { token: '', id: 0 },
  office: { token: '', id: 0 },
  crew: { token: '', id: 0 },
};
const base = 'http://localhost:3111';
const today = madridToday(new Date());
const year = today.slice(0, 4);
const [yyyy, mm, dd] = today.split('-');
const spanishToday = `${dd}/${mm}/${yyyy}`;

/**
 * Today's invoices (they are issued when the money moves, so today, Madrid time):
 * - kept: a web sale of 3 adults (45.00), then cancelled with 10.00 given back → F2 45.00, R5 −10.00;
 * - refunded: a web sale of 2 adults (30.00), cancelled with everything back → F2 30.00, R5 −30.00;
 * - cash: a box-office sale with an audio guide → one F2 at two VAT rates (tickets 10 %, guide 21 %).
 */
const sales = {
  kept: { reference: '', bookingId: 0 },
  refunded: { reference: '', bookingId: 0 },
  cash: { reference: '', bookingId: 0 },
};

beforeAll(async () => {
  for (const role of ['admin', 'office', 'crew'] as const) {
    const email = `${role}-books@example.com`;
    const password = `long enough ${role} password 2026`;
    const user = await payload.create({
      collection: 'users',
      data: { email, password, role, name: `Llibres ${role}` } as never,
    });
    const login = await payload.login({ collection: 'users', data: { email, password } });
    users[role] = { token: login.token!, id: Number(user.id) };
  }
  const tour = await makeTour(payload, { menuKey: 'aquarium' });
  const departureId = await addDeparture(payload, tour, { capacity: 30 });
  const kept = await paidBooking(payload, departureId, { adults: 3 });
  const refunded = await paidBooking(payload, departureId, { adults: 2 });
  for (const [reference, refund] of [
    [kept.reference, 1_000],
    [refunded.reference, 'full'],
  ] as const) {
    const cancelled = await cancelBooking(
      payload,
      { reference, refund, reason: 'customer request', by: `user:${users.office.id}` },
      { provider: sandboxProvider },
    );
    if (!cancelled.ok) throw new Error(`cancel refused: ${cancelled.error}`);
  }
  const cash = await sellAtBoxOffice(payload, {
    departureId,
    selection: selection({ adult: 2, child: 1, audioGuides: 1 }),
    customer: { name: 'Pere', surnames: 'Mas', email: '', phone: '', mobilePhone: '' },
    locale: 'ca',
    method: 'cash',
    by: `user:${users.office.id}`,
  });
  if (!cash.ok) throw new Error('box-office sale refused');
  sales.kept = kept;
  sales.refunded = refunded;
  sales.cash = cash;
});
checkInvariantsAfterEach(() => payload);

function call(path: string, role?: keyof typeof users, language = 'es') {
  return new Request(`${base}${path}`, {
    headers: role ? { Authorization: `JWT ${users[role].token}`, cookie: `payload-lng=${language}` } : {},
  });
}

/** What the shop kept: payments minus refunds (a refund counts once asked of the gateway, as invoicing counts it). */
async function moneyKept(): Promise<number> {
  const { rows } = await shopDb(payload).query(
    `SELECT COALESCE(SUM(CASE WHEN kind = 'payment' AND status = 'succeeded' THEN amount_cents
                             WHEN kind = 'refund' AND status <> 'failed' THEN -amount_cents ELSE 0 END), 0) AS kept
     FROM payment_events`,
  );
  return num(rows[0]!.kept);
}

describe(`the books of invoices issued on ${testDatabaseKind}`, () => {
  it("the period's book: a line per invoice and rate, totals by rate that add up to what was paid minus refunded", async () => {
    const book = await invoiceBook(shopDb(payload), { from: today, to: today });
    expect(book.invoices.map((invoice) => [invoice.reference, invoice.type, invoice.totalCents])).toEqual([
      [sales.kept.reference, 'F2', 4_500],
      [sales.refunded.reference, 'F2', 3_000],
      [sales.kept.reference, 'R5', -1_000],
      [sales.refunded.reference, 'R5', -3_000],
      [sales.cash.reference, 'F2', expect.any(Number)],
    ]);
    const [, refundedSale, keptRectification] = book.invoices;
    expect(keptRectification!.correctsSeriesNumber).toBe(book.invoices[0]!.seriesNumber);
    expect(refundedSale!.issueDate).toBe(today);

    // The cash sale's guide is at 21 %, its tickets at 10 %: two lines of the book.
    const cashLines = bookLines(book).filter((line) => line.invoice.reference === sales.cash.reference);
    expect(cashLines.map((line) => line.group.ratePct)).toEqual([10, 21]);
    expect(bookLines(book)).toHaveLength(6);

    const kept = await moneyKept();
    expect(kept).toBe(4_500 - 1_000 + book.invoices[4]!.totalCents);
    expect(book.grossCents).toBe(kept);
    expect(book.byRate.map((line) => line.ratePct)).toEqual([21, 10]);
    expect(book.byRate.reduce((sum, line) => sum + line.grossCents, 0)).toBe(kept);
    for (const line of book.byRate) expect(line.baseCents + line.vatCents).toBe(line.grossCents);
    expect(book.baseCents + book.vatCents).toBe(kept);
    expect(book.vatCents).toBe(book.invoices.reduce((sum, invoice) => sum + invoice.vatCents, 0));
    expect(book.days).toEqual([
      { date: today, baseCents: book.baseCents, vatCents: book.vatCents, grossCents: book.grossCents },
    ]);

    // Another period has none of them (the period is the Madrid day of issue).
    const yesterday = await invoiceBook(shopDb(payload), { from: addDays(today, -1), to: addDays(today, -1) });
    expect(yesterday).toMatchObject({ invoices: [], byRate: [], grossCents: 0 });
  });

  it('search: by the start of a number, by booking reference (any case), newest first, a page at a time', async () => {
    const db = shopDb(payload);
    const all = await searchInvoices(db);
    expect(all.total).toBe(5);
    expect(all.invoices.map((invoice) => invoice.id)).toEqual(
      [...all.invoices.map((invoice) => invoice.id)].sort((a, b) => b - a),
    );

    const refundedInvoices = await invoicesOfBooking(db, sales.refunded.bookingId);
    const byReference = await searchInvoices(db, { q: sales.refunded.reference.toLowerCase() });
    expect(byReference.invoices.map((invoice) => invoice.seriesNumber)).toEqual(
      refundedInvoices.map((invoice) => invoice.seriesNumber).reverse(),
    );

    const exact = await searchInvoices(db, { q: ` ${refundedInvoices[0]!.seriesNumber} ` });
    expect(exact.invoices.map((invoice) => invoice.id)).toEqual([refundedInvoices[0]!.id]);
    expect((await searchInvoices(db, { q: `WR${year}-` })).invoices.map((invoice) => invoice.type)).toEqual([
      'R5',
      'R5',
    ]);
    expect((await searchInvoices(db, { q: `w${year}` })).total).toBe(2);
    expect((await searchInvoices(db, { q: `T${year}-` })).invoices.map((i) => i.reference)).toEqual([
      sales.cash.reference,
    ]);
    // LIKE's wildcards are the characters themselves, not "anything".
    expect((await searchInvoices(db, { q: '%' })).total).toBe(0);
    expect((await searchInvoices(db, { q: '_' })).total).toBe(0);
    expect((await searchInvoices(db, { q: 'nothing-like-this' })).total).toBe(0);

    const page2 = await searchInvoices(db, { page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 5, page: 2, pages: 3 });
    expect(page2.invoices.map((invoice) => invoice.id)).toEqual(all.invoices.slice(2, 4).map((invoice) => invoice.id));
  });

  it('records rejected, or unsent an hour after issue, are counted for the today board', async () => {
    const db = shopDb(payload);
    const now = new Date();
    const later = new Date(now.getTime() + 61 * 60 * 1000);
    const { rows } = await db.query('SELECT id FROM invoice_records ORDER BY position');
    const [rejected, accepted, acceptedWithErrors] = rows.map((row) => num(row.id));
    await db.query(
      "UPDATE invoice_record_status SET status = 'Incorrecto', error_code = '1100', error_text = ?, attempts = 1 WHERE record_id = ?",
      ['Valor o tipo incorrecto del campo: NIF', rejected!],
    );
    await db.query("UPDATE invoice_record_status SET status = 'Correcto', csv = 'A-XYZ123' WHERE record_id = ?", [
      accepted!,
    ]);
    await db.query("UPDATE invoice_record_status SET status = 'AceptadoConErrores' WHERE record_id = ?", [
      acceptedWithErrors!,
    ]);
    // Five records in all: one rejected, two taken, two still waiting.
    expect(await staleRecords(db, { now })).toEqual({ rejected: 0, unsent: 0 });
    expect(await staleRecords(db, { now: later })).toEqual({ rejected: 1, unsent: 2 });
    expect(await staleRecords(db, { now: later, includeUnsent: false })).toEqual({ rejected: 1, unsent: 0 });

    const problems = await searchInvoices(db, { problems: true });
    expect(problems.total).toBe(3);
    const shown = problems.invoices.find((invoice) => invoice.aeat.status === 'Incorrecto')!;
    expect(shown.aeat).toMatchObject({
      errorCode: '1100',
      errorText: 'Valor o tipo incorrecto del campo: NIF',
      attempts: 1,
    });
    const all = await searchInvoices(db);
    expect(all.invoices.find((invoice) => invoice.aeat.status === 'Correcto')!.aeat.csv).toBe('A-XYZ123');
  });

  it('the CSV: semicolons, decimal comma, a line per invoice and rate, totals by rate; admin and office only', async () => {
    const response = await booksCsvRoute(call(`/api/ops/invoices/books.csv?from=${today}&to=${today}`, 'office'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store, private');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="invoices-issued-${today}-${today}.csv"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Fecha de expedición;Serie-número;Tipo de factura;NIF del destinatario;Nombre del destinatario;Base imponible;' +
        'Tipo de IVA %;Cuota de IVA;Total;Factura rectificada o sustituida;Reserva;Estado AEAT;CSV AEAT',
    );
    const book = await invoiceBook(shopDb(payload), { from: today, to: today });
    const [keptSale, , keptRectification] = book.invoices;
    expect(lines[1]).toBe(
      `${spanishToday};${keptSale!.seriesNumber};F2;;;40,91;10;4,09;45,00;;${sales.kept.reference};Rechazado;`,
    );
    expect(lines[3]).toBe(
      `${spanishToday};${keptRectification!.seriesNumber};R5;;;-9,09;10;-0,91;-10,00;${keptSale!.seriesNumber};` +
        `${sales.kept.reference};Aceptado con errores;`,
    );
    // Six lines of invoices, a blank line, the totals' header, a line per rate and the total.
    expect(lines.slice(7)).toEqual([
      '',
      'Totales por tipo de IVA;Base imponible;Tipo de IVA %;Cuota de IVA;Total',
      expect.stringMatching(/^;\d+,\d\d;21;\d+,\d\d;\d+,\d\d$/),
      expect.stringMatching(/^;\d+,\d\d;10;\d+,\d\d;\d+,\d\d$/),
      `Todos los tipos;${comma(book.baseCents)};;${comma(book.vatCents)};${comma(book.grossCents)}`,
      '',
    ]);
    expect(book.grossCents).toBe(await moneyKept());

    const catalan = await booksCsvRoute(call(`/api/ops/invoices/books.csv?from=${today}&to=${today}`, 'admin', 'ca'));
    expect(catalan.status).toBe(200);
    expect((await catalan.text()).startsWith("Data d'expedició;Sèrie-número;")).toBe(true);

    const crew = await booksCsvRoute(call(`/api/ops/invoices/books.csv?from=${today}&to=${today}`, 'crew'));
    expect(crew.status).toBe(403);
    expect(await crew.json()).toMatchObject({ ok: false, error: 'forbidden' });
    expect((await booksCsvRoute(call(`/api/ops/invoices/books.csv?from=${today}&to=${today}`))).status).toBe(401);
    const backwards = await booksCsvRoute(
      call(`/api/ops/invoices/books.csv?from=${today}&to=${addDays(today, -1)}`, 'office'),
    );
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toMatchObject({ ok: false, error: 'invalidRange' });
  });

  it("the sales report's CSV ends with the invoices' net and VAT per rate", async () => {
    const response = await salesCsvRoute(call(`/api/ops/reports/sales.csv?from=${today}&to=${today}`, 'office', 'en'));
    const lines = (await response.text()).split('\r\n');
    const book = await invoiceBook(shopDb(payload), { from: today, to: today });
    const plain = (cents: number) =>
      `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
    expect(lines.slice(-6)).toEqual([
      '',
      'VAT rate %,Net (excl. VAT),VAT,Total invoiced',
      ...book.byRate.map(
        (line) => `${line.ratePct},${plain(line.baseCents)},${plain(line.vatCents)},${plain(line.grossCents)}`,
      ),
      `Total,${plain(book.baseCents)},${plain(book.vatCents)},${plain(book.grossCents)}`,
      '',
    ]);
  });

  it("a full invoice asked for later: the F3 is found by the buyer's tax id, and counts only what it adds to what it replaced", async () => {
    const db = shopDb(payload);
    const before = await invoiceBook(db, { from: today, to: today });
    const details = { name: 'Viatges "Mar", S.L.', taxId: 'B-1234 5674', address: 'Moll de la Fusta 1, Barcelona' };
    const asked = await requestFullInvoice(payload, sales.kept.reference, details);
    expect(asked).toMatchObject({ ok: true, invoice: { type: 'F3', totalCents: 3_500 } });

    for (const q of ['B12345674', 'b1234', 'B-1234 5674']) {
      const found = await searchInvoices(db, { q });
      expect(
        found.invoices.map((invoice) => [invoice.type, invoice.recipient]),
        q,
      ).toEqual([['F3', { name: 'Viatges "Mar", S.L.', nif: 'B12345674' }]]);
    }
    // A name is not a tax id: only the key's own value matches.
    expect((await searchInvoices(db, { q: 'VIATGES' })).total).toBe(0);

    const book = await invoiceBook(db, { from: today, to: today });
    const f3 = book.invoices.at(-1)!;
    const [keptSale, , keptRectification] = book.invoices;
    expect(f3.replacesIds).toEqual([keptSale!.id, keptRectification!.id]);
    // The same money as before the F3: it replaced a sale and its rectification of the same amount.
    expect(book.grossCents).toBe(before.grossCents);
    expect(book.byRate).toEqual(before.byRate);
    expect(book.grossCents).toBe(await moneyKept());

    const csv = await (
      await booksCsvRoute(call(`/api/ops/invoices/books.csv?from=${today}&to=${today}`, 'office'))
    ).text();
    expect(csv.split('\r\n')).toContain(
      `${spanishToday};${f3.seriesNumber};F3;B12345674;"Viatges ""Mar"", S.L.";31,82;10;3,18;35,00;` +
        `${keptSale!.seriesNumber} ${keptRectification!.seriesNumber};${sales.kept.reference};Aún no enviado;`,
    );
  });

  it('read a page at a time, the book is the same: invoices, totals per rate and per day, and the CSV byte for byte', async () => {
    const db = shopDb(payload);
    const period = { from: addDays(today, -1), to: today };
    const whole = await invoiceBook(db, period);
    // Pages of one invoice: the F3 on a page of its own, the invoices it replaced on earlier ones.
    const pages = [];
    for await (const page of invoiceBookPages(db, period, 1)) pages.push(page);
    expect(pages.length).toBe(whole.invoices.length);
    expect(pages.flatMap((page) => page.invoices.map((invoice) => invoice.id))).toEqual(
      whole.invoices.map((invoice) => invoice.id),
    );
    expect(whole.invoices.some((invoice) => invoice.type === 'F3')).toBe(true);
    const { invoices: _, replaced: __, ...sums } = whole;
    expect(await invoiceBookSums(db, period)).toEqual(sums);

    const labels = invoicesAdminMessages('es').csv;
    const statusName = (status: string) => `<${status}>`;
    let streamed = '';
    for await (const chunk of bookCsvChunks(period, invoiceBookPages(db, period, 2), labels, statusName)) {
      streamed += chunk;
    }
    expect(streamed).toBe(bookCsv(whole, labels, statusName));

    // The route sends the same book (with the AEAT's states in words).
    const sent = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      await (
        await booksCsvRoute(call(`/api/ops/invoices/books.csv?from=${period.from}&to=${period.to}`, 'office'))
      ).arrayBuffer(),
    );
    const statuses = invoicesAdminMessages('es').statuses as Record<string, string>;
    const named = bookCsv(whole, labels, (status) =>
      status in statuses ? statuses[status]! : fill(statuses.other!, { status }),
    );
    expect(sent).toBe(named);
  });

  it('every kind of event in one period: annulled invoices are left out, and the book is what was paid minus refunded', async () => {
    const db = shopDb(payload);
    const by = `user:${users.office.id}`;
    const tour = await makeTour(payload, { menuKey: 'magic' });
    const dearTour = await makeTour(payload, {
      menuKey: 'museum',
      roundTrip: { adult: 2_000, reduced: 1_500, child: 900 },
    });
    const cheapTour = await makeTour(payload, {
      menuKey: 'maritime40',
      roundTrip: { adult: 1_000, reduced: 800, child: 500 },
    });
    const first = await addDeparture(payload, tour, { capacity: 30 });
    const dearer = await addDeparture(payload, dearTour, { capacity: 30 });
    const cheaper = await addDeparture(payload, cheapTour, { capacity: 30 });
    // A web sale whose F2 is annulled (issued in error) through the office's route: re-issued.
    const annulledSale = await paidBooking(payload, first, { adults: 2 });
    const [wrong] = await invoicesOfBooking(db, annulledSale.bookingId);
    const annulled = await annulRoute(
      new Request(`${base}/api/ops/invoices/${wrong!.id}/annul`, {
        method: 'POST',
        headers: { Authorization: `JWT ${users.admin.token}`, cookie: 'payload-lng=es' },
      }),
      { params: Promise.resolve({ id: String(wrong!.id) }) },
    );
    expect(annulled.status).toBe(200);
    expect(await annulled.json()).toMatchObject({ ok: true, reissued: { type: 'F2' } });
    // A school at the box office: an F1, then part of it given back (R1).
    const school = await sellAtBoxOffice(payload, {
      departureId: first,
      selection: selection({ adult: 4 }),
      customer: { name: 'Anna', surnames: 'Puig', email: '', phone: '', mobilePhone: '' },
      locale: 'ca',
      method: 'cash',
      invoiceTo: 'Escola del Mar SL',
      invoiceTaxId: 'B12345674',
      invoiceAddress: 'Carrer del Port 1, Barcelona',
      by,
    });
    if (!school.ok) throw new Error('box-office sale refused');
    const partly = await cancelBooking(
      payload,
      { reference: school.reference, refund: 2_000, reason: 'two fewer', by },
      { provider: sandboxProvider },
    );
    expect(partly.ok).toBe(true);
    // A visitor who moves to a dearer tour (a top-up), then to a cheaper one (an R5).
    const mover = await paidBooking(payload, first, { adults: 2 });
    const up = await moveBooking(
      payload,
      { reference: mover.reference, departureId: dearer, by, collect: 'cash' },
      {
        provider: sandboxProvider,
      },
    );
    expect(up.ok).toBe(true);
    const down = await moveBooking(
      payload,
      { reference: mover.reference, departureId: cheaper, by },
      {
        provider: sandboxProvider,
      },
    );
    expect(down.ok).toBe(true);
    // A buyer who asks for a full invoice later (an F3 replacing the F2), which is then annulled
    // (the wrong company) and re-issued: the F2 it replaced is replaced again by the new F3.
    const later = await paidBooking(payload, first, { adults: 3 });
    const asked = await requestFullInvoice(payload, later.reference, {
      name: 'Viatges Nord SL',
      taxId: 'B12345674',
      address: 'Rambla 1, Barcelona',
    });
    if (!asked.ok) throw new Error(`full invoice refused: ${asked.error}`);
    const reissued = await db.transaction((tx) => annulInvoice(tx, asked.invoice.id));
    expect(reissued).toMatchObject({ ok: true });

    const kinds = (await db.query('SELECT DISTINCT type FROM invoices')).rows.map((row) => String(row.type)).sort();
    expect(kinds).toEqual(['F1', 'F2', 'F3', 'R1', 'R5']);
    const book = await invoiceBook(db, { from: today, to: today });
    const annulledIds = (
      await db.query(`SELECT invoice_id FROM invoice_records WHERE kind = 'anulacion' ORDER BY invoice_id`)
    ).rows.map((row) => num(row.invoice_id));
    expect(annulledIds).toEqual([wrong!.id, asked.invoice.id]);
    for (const id of annulledIds) expect(book.invoices.map((invoice) => invoice.id)).not.toContain(id);
    // The office's list still shows them, marked.
    expect((await bookInvoiceById(db, wrong!.id))!.annulled).toBe(true);
    // Whatever happened, the book is the money kept: in all, per rate and per day.
    const kept = await moneyKept();
    expect(book.grossCents).toBe(kept);
    expect(book.baseCents + book.vatCents).toBe(kept);
    expect(book.days.reduce((sum, day) => sum + day.grossCents, 0)).toBe(kept);
    const lines = bookLines(book);
    const lined = lines.reduce((sum, line) => sum + line.group.grossCents, 0);
    const replacedGross = book.invoices
      .flatMap((invoice) => invoice.replacesIds.map((id) => book.replaced.get(id)!))
      .filter((invoice) => !invoice.annulled)
      .reduce((sum, invoice) => sum + invoice.totalCents, 0);
    expect(lined - replacedGross).toBe(kept);
    const csv = await (
      await booksCsvRoute(call(`/api/ops/invoices/books.csv?from=${today}&to=${today}`, 'office'))
    ).text();
    expect(csv).not.toContain(wrong!.seriesNumber);
    const labelsEs = invoicesAdminMessages('es').csv;
    expect(csv.split('\r\n').find((line) => line.startsWith(labelsEs.allRates))).toContain(
      `;${comma(book.vatCents)};${comma(kept)}`,
    );
  });
});

function comma(cents: number): string {
  return `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}
