import { describe, expect, it } from 'vitest';

import { decodeQrCodes } from '../../tests/fixtures/pdf-qr';
import type { StoredInvoice } from '@/invoicing/ledger';

import { renderTicketEmail, type TicketEmailInput } from './ticket-email';
import { InvoiceNotIssuedError } from './ticket-pdf';

const input: TicketEmailInput = {
  locale: 'es',
  brand: 'Las Golondrinas',
  reference: 'GOL-7K2M9Q',
  tourTitle: 'Puerto y litoral 60 min',
  startsAt: new Date('2027-07-14T09:30:00Z'),
  boardingAt: new Date('2027-07-14T09:15:00Z'),
  boardingPoint: { name: 'Muelle de las Drassanes', address: 'Moll de les Drassanes, s/n, 08039 Barcelona' },
  customerName: '<b>Marta</b> López',
  tripType: 'roundTrip',
  audioGuides: 0,
  totalCents: 3000,
  tickets: [{ code: 'T-AAAA1111', category: 'adult' }],
  qrContent: (code) => code,
  durationMinutes: 60,
  bookingUrl: 'https://example.com/es/reserva/GOL-7K2M9Q?firma=abc',
};

describe('renderTicketEmail', () => {
  it('offers the wallets configured, as buttons in the HTML and plain links in the text, in the visitor language', async () => {
    const apple = 'https://example.com/api/shop/bookings/GOL-7K2M9Q/wallet.pkpass?firma=abc';
    const google = 'https://pay.google.com/gp/v/save/eyJ.eyJ.sig';
    const both = await renderTicketEmail({ ...input, wallet: { apple, google } });
    expect(both.text).toContain(`Añadir a Apple Wallet: ${apple}`);
    expect(both.text).toContain(`Añadir a Google Wallet: ${google}`);
    expect(both.html).toContain(`href="${apple.replace(/&/g, '&amp;')}"`);
    expect(both.html).toMatch(
      /<a href="https:\/\/pay\.google\.com\/gp\/v\/save\/eyJ\.eyJ\.sig" style="[^"]*background:#000[^"]*">Añadir a Google Wallet<\/a>/,
    );
    const english = await renderTicketEmail({ ...input, locale: 'en', wallet: { apple } });
    expect(english.text).toContain(`Add to Apple Wallet: ${apple}`);
    expect(english.text).not.toContain('Google Wallet');
    const none = await renderTicketEmail(input);
    expect(none.text).not.toContain('Wallet');
  });

  it('writes the confirmation in the visitor language, in Madrid time, with PDF and calendar attached', async () => {
    const email = await renderTicketEmail(input);
    expect(email.subject).toBe('Tus entradas para Puerto y litoral 60 min – 14 de julio de 2027');
    expect(email.text).toContain('Hola, <b>Marta</b>:');
    expect(email.text).toContain('11:30');
    expect(email.text).toContain('Llega al punto de embarque a las 11:15');
    expect(email.text).toContain(input.bookingUrl);
    expect(email.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['GOL-7K2M9Q.pdf', 'application/pdf'],
      ['GOL-7K2M9Q.ics', 'text/calendar'],
    ]);
    expect(new TextDecoder().decode(email.attachments[1]!.content)).toContain('DTSTART:20270714T093000Z');
  });

  it('never lets a visitor-typed name become markup', async () => {
    const email = await renderTicketEmail(input);
    expect(email.html).not.toContain('<b>');
    expect(email.html).toContain('&lt;b&gt;Marta&lt;/b&gt;');
    expect(email.html).toContain(`<a href="${input.bookingUrl.replace('&', '&amp;')}">`);
  });
});

const withInvoice: TicketEmailInput = {
  ...input,
  invoice: {
    invoice: {
      id: 7,
      bookingId: 3,
      series: 'W2027',
      number: 12,
      seriesNumber: 'W2027-000012',
      type: 'F2',
      channel: 'web',
      issuedAt: new Date('2027-07-01T08:00:00Z'),
      issueDate: '01-07-2027',
      totalCents: 3_000,
      vatCents: 273,
      vat: [{ ratePct: 10, grossCents: 3_000, baseCents: 2_727, vatCents: 273 }],
      lines: [{ item: 'adult', quantity: 2, unitCents: 1_500, totalCents: 3_000, ratePct: 10 }],
      correctsInvoiceId: null,
      recipient: null,
      locale: 'es',
      reason: 'sale',
      annulled: false,
    } as StoredInvoice,
    issuer: { name: 'Las Golondrinas SA', nif: 'A08000000', address: 'Moll de les Drassanes, s/n, 08039 Barcelona' },
    booking: { reference: input.reference },
    qrMode: { verifactu: true, environment: 'test' },
  },
};

describe('renderTicketEmail with the booking’s invoice', () => {
  it('shows the invoice number, issuer, VAT lines and total, and attaches the PDF with its tax QR first', async () => {
    const email = await renderTicketEmail(withInvoice);
    expect(email.text).toContain('Tu factura: Factura simplificada W2027-000012');
    expect(email.text).toContain('Fecha de expedición: 01/07/2027');
    expect(email.text).toContain(
      'Emisor: Las Golondrinas SA, NIF: A08000000, Moll de les Drassanes, s/n, 08039 Barcelona',
    );
    expect(email.text).toContain('Billete de adulto × 2: 30,00\u00a0€ (IVA 10\u00a0%)');
    expect(email.text).toContain('Tipo 10\u00a0%: Base imponible 27,27\u00a0€, Cuota de IVA 2,73\u00a0€');
    expect(email.text).toContain('IVA incluido\nImporte total: 30,00\u00a0€');
    expect(email.html).toContain('W2027-000012');
    const [taxQr] = await decodeQrCodes(email.attachments[0]!.content);
    expect(taxQr).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=A08000000&numserie=W2027-000012&fecha=01-07-2027&importe=30.00',
    );
  });

  it('is not written while the booking’s invoice is due and not issued', async () => {
    await expect(renderTicketEmail({ ...input, invoice: 'missing' })).rejects.toBeInstanceOf(InvoiceNotIssuedError);
  });
});

describe('renderTicketEmail of a combined tour (decision 175)', () => {
  const combined: TicketEmailInput = {
    ...input,
    tickets: [
      { code: 'T-AAAA1111', category: 'adult' },
      { code: 'T-BBBB2222', category: 'child' },
    ],
    admissions: ['T-AAAA1111', 'T-BBBB2222'].map((ticketCode, index) => ({
      ticketCode,
      code: `AQ-CODE-${index + 1}`,
      partner: 'Aquàrium',
      address: 'Moll d’Espanya s/n, 08039 Barcelona',
      openingHours: 'Cada dia de 10 a 19 h',
      mapUrl: 'https://www.openstreetmap.org/?mlat=41.3768&mlon=2.1837',
      validFrom: '2027-07-14',
      validUntil: index === 0 ? '2027-07-14' : '2027-08-01',
    })),
  };

  it.each([
    [
      'ca',
      'Entrades incloses',
      'Aquàrium · codi AQ-CODE-1 · vàlida el 14 de juliol del 2027',
      "del 14 de juliol del 2027 a l'1 d’agost del 2027",
    ],
    [
      'es',
      'Entradas incluidas',
      'Aquàrium · código AQ-CODE-1 · válida el 14 de julio de 2027',
      'del 14 de julio de 2027 al 1 de agosto de 2027',
    ],
    [
      'en',
      'Partner admissions',
      'Aquàrium · code AQ-CODE-1 · valid on 14 July 2027',
      'from 14 July 2027 to 1 August 2027',
    ],
    [
      'fr',
      'Entrées des partenaires',
      'Aquàrium · code AQ-CODE-1 · valable le 14 juillet 2027',
      'du 14 juillet 2027 au 1 août 2027',
    ],
  ] as const)(
    'lists each admission with its partner, code and days, then where and when the partner opens (%s)',
    async (locale, heading, first, range) => {
      const email = await renderTicketEmail({ ...combined, locale });
      expect(email.text).toContain(heading);
      expect(email.text).toContain(first);
      expect(email.text).toContain('AQ-CODE-2');
      expect(email.text).toContain(range);
      // The partner's address, hours and map once, not once per admission.
      // "Aquàrium : …" in French, with the narrow no-break space before the colon.
      const where = `Aquàrium${locale === 'fr' ? '\u202f' : ''}: Moll d’Espanya s/n, 08039 Barcelona · Cada dia de 10 a 19 h · https://www.openstreetmap.org/?mlat=41.3768&mlon=2.1837`;
      expect(email.text.split(where)).toHaveLength(2);
      expect(email.html).toContain('AQ-CODE-2');
    },
  );

  it('says nothing of admissions for a boat trip only', async () => {
    const email = await renderTicketEmail(input);
    expect(email.text).not.toMatch(/Entradas incluidas|AQ-CODE/);
  });
});
