import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';

import { expectAccessiblePdf } from '../../tests/fixtures/pdf-accessibility';
import { decodeQrCodes } from '../../tests/fixtures/pdf-qr';
import { pdfTexts, structureSummary } from '../../tests/fixtures/pdf-text';
import type { InvoiceDocumentInput } from '@/invoicing/document';
import type { StoredInvoice } from '@/invoicing/ledger';

import { InvoiceNotIssuedError, pdfSafe, renderTicketPdf, type TicketDocumentInput } from './ticket-pdf';

const input: TicketDocumentInput = {
  locale: 'ca',
  brand: 'Las Golondrinas',
  reference: 'GOL-7K2M9Q',
  tourTitle: 'Port i litoral 60 min',
  startsAt: new Date('2027-07-14T09:30:00Z'),
  boardingAt: new Date('2027-07-14T09:15:00Z'),
  boardingPoint: { name: 'Moll de les Drassanes', address: 'Moll de les Drassanes, s/n, 08039 Barcelona' },
  customerName: 'Núria Puig i Ferrer',
  tripType: 'roundTrip',
  audioGuides: 2,
  totalCents: 4450,
  tickets: [
    { code: 'T-AAAA1111', category: 'adult' },
    { code: 'T-BBBB2222', category: 'adult' },
    { code: 'T-CCCC3333', category: 'child' },
    { code: 'T-DDDD4444', category: 'super3' },
  ],
  qrContent: (code) => `https://example.com/embarcament/${code}`,
};

describe('renderTicketPdf', () => {
  it('makes a summary page plus one QR slot per person, three to a page, titled with the reference', async () => {
    const bytes = await renderTicketPdf(input);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1 + Math.ceil(input.tickets.length / 3));
    expect(pdf.getTitle()).toBe('Entrades GOL-7K2M9Q');
    expect(pdf.getKeywords()).toContain('T-DDDD4444');
  });

  it('prints the booking’s group code, then one QR code per person that decodes to that person’s ticket', async () => {
    const decoded = await decodeQrCodes(await renderTicketPdf(input));
    expect(decoded).toEqual([
      `https://example.com/embarcament/${input.reference}`,
      ...input.tickets.map((ticket) => `https://example.com/embarcament/${ticket.code}`),
    ]);
  });

  it('prints no group code for one person: their ticket is enough', async () => {
    const single = { ...input, tickets: input.tickets.slice(0, 1) };
    expect(await decodeQrCodes(await renderTicketPdf(single))).toEqual([
      `https://example.com/embarcament/${single.tickets[0]!.code}`,
    ]);
  });

  it('renders in every language, even for a name the PDF fonts cannot draw', async () => {
    for (const locale of ['ca', 'es', 'en', 'fr'] as const) {
      const bytes = await renderTicketPdf({ ...input, locale, customerName: '王小明 Łukasz Øre' });
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
      await expectAccessiblePdf(bytes);
      expect((await pdfTexts(bytes))[0]).toContain('??? Lukasz Øre');
    }
    // Four documents, each checked: more than the default 5 s on a busy machine.
  }, 30_000);
});

const invoice: InvoiceDocumentInput = {
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
    totalCents: 4_450,
    vatCents: 426,
    vat: [
      { ratePct: 10, grossCents: 3_850, baseCents: 3_500, vatCents: 350 },
      { ratePct: 21, grossCents: 600, baseCents: 496, vatCents: 104 },
    ],
    lines: [
      { item: 'adult', quantity: 2, unitCents: 1_500, totalCents: 3_000, ratePct: 10 },
      { item: 'child', quantity: 1, unitCents: 850, totalCents: 850, ratePct: 10 },
      { item: 'super3', quantity: 1, unitCents: 0, totalCents: 0, ratePct: 10 },
      { item: 'audioGuide', quantity: 2, unitCents: 300, totalCents: 600, ratePct: 21 },
    ],
    correctsInvoiceId: null,
    recipient: null,
    locale: 'ca',
    reason: 'sale',
    annulled: false,
  } as StoredInvoice,
  issuer: { name: 'Las Golondrinas SA', nif: 'A08000000', address: 'Moll de les Drassanes, s/n, 08039 Barcelona' },
  booking: { reference: input.reference, tourTitle: input.tourTitle },
  qrMode: { verifactu: true, environment: 'test' },
};
const taxQrUrl =
  'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=A08000000&numserie=W2027-000012&fecha=01-07-2027&importe=44.50';

describe('renderTicketPdf with the booking’s invoice', () => {
  it('prints the tax QR first on the first page, then the boarding codes', async () => {
    const bytes = await renderTicketPdf({ ...input, invoice });
    expect(await decodeQrCodes(bytes)).toEqual([
      taxQrUrl,
      `https://example.com/embarcament/${input.reference}`,
      ...input.tickets.map((ticket) => `https://example.com/embarcament/${ticket.code}`),
    ]);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1 + Math.ceil(input.tickets.length / 3));
    expect(pdf.getKeywords()).toContain('W2027-000012');
  });

  it('is the simplified invoice: issuer, number, date, lines with their rate and IVA incluido, breakdown, total', async () => {
    const [first] = await pdfTexts(await renderTicketPdf({ ...input, invoice }));
    expect(first!.slice(0, 3)).toEqual(['QR tributario:', 'Factura verificable en la sede', 'electrónica de la AEAT']);
    expect(first).toEqual(
      expect.arrayContaining([
        'Factura simplificada',
        'Número de factura: W2027-000012',
        'Data d’expedició: 01/07/2027',
        'Las Golondrinas SA',
        'NIF: A08000000',
        'Moll de les Drassanes, s/n, 08039 Barcelona',
        'Bitllet d’adult',
        'Bitllet infantil amb carnet Super3',
        'Audioguia',
        '10 %',
        '21 %',
        'IVA incluido / IVA inclòs',
        'Import total',
        '44,50 €',
      ]),
    );
  });

  it('is a tagged PDF that reads in order: tax QR, heading, invoice, booking, tickets each with its QR code', async () => {
    const bytes = await renderTicketPdf({ ...input, invoice });
    await expectAccessiblePdf(bytes);
    const { figures, headings } = await structureSummary(bytes);
    expect(headings).toEqual([
      'H1 Les teves entrades del vaixell',
      'H2 Factura simplificada',
      'H2 Entrada 1 de 4',
      'H2 Entrada 2 de 4',
      'H2 Entrada 3 de 4',
      'H2 Entrada 4 de 4',
    ]);
    expect(figures).toEqual([
      'Codi QR tributari de la factura W2027-000012: enllaç de verificació a l’Agència Tributària',
      'Plànol del moll: el punt d’embarcament Moll de les Drassanes és al passeig, a la vora de l’aigua, marcat amb una agulla vermella',
      'Codi QR de tota la reserva GOL-7K2M9Q: embarca les 4 persones',
      'Codi QR de l’entrada 1 de 4 de la reserva GOL-7K2M9Q',
      'Codi QR de l’entrada 2 de 4 de la reserva GOL-7K2M9Q',
      'Codi QR de l’entrada 3 de 4 de la reserva GOL-7K2M9Q',
      'Codi QR de l’entrada 4 de 4 de la reserva GOL-7K2M9Q',
    ]);
  });

  it('reads back its own letters whatever another document drew before it (the parsed fonts are shared)', async () => {
    await renderTicketPdf(input);
    const [first] = await pdfTexts(await renderTicketPdf({ ...input, invoice }));
    expect(first).toContain('Data d’expedició: 01/07/2027');
  });

  it('refuses to render tickets whose invoice is due and not issued yet', async () => {
    await expect(renderTicketPdf({ ...input, invoice: 'missing' })).rejects.toBeInstanceOf(InvoiceNotIssuedError);
  });
});

describe('pdfSafe', () => {
  it('keeps Catalan, Spanish and French text and replaces what our font cannot draw', () => {
    expect(pdfSafe('Col·lecció, niño, garçon, œuvre, 12,50 €')).toBe('Col·lecció, niño, garçon, œuvre, 12,50 €');
    expect(pdfSafe('12,50\u202F€')).toBe('12,50\u00A0€');
    expect(pdfSafe('Łukasz 王 Øre ŀ')).toBe('Lukasz ? Øre ?');
  });
});

describe('renderTicketPdf of a combined tour (decision 175)', () => {
  const admission = (ticketCode: string, code: string, partner: string) => ({
    ticketCode,
    code,
    partner,
    address: 'Moll d’Espanya s/n, 08039 Barcelona',
    openingHours: 'Cada dia de 10 a 19 h',
    mapUrl: 'https://www.openstreetmap.org/?mlat=41.3768&mlon=2.1837#map=18/41.3768/2.1837',
    validFrom: '2027-07-14',
    validUntil: partner === 'Aquàrium' ? '2027-07-14' : '2027-08-01',
  });
  const combined: TicketDocumentInput = {
    ...input,
    tickets: input.tickets.slice(0, 2),
    admissions: [
      admission('T-AAAA1111', 'AQ-0000000000000001', 'Aquàrium'),
      admission('T-AAAA1111', 'MOCO000000000000002', 'MOCO Museum'),
      admission('T-BBBB2222', 'AQ-0000000000000003', 'Aquàrium'),
      admission('T-BBBB2222', 'MOCO000000000000004', 'MOCO Museum'),
    ],
  };

  it('gives each admission its own section and QR code after the tickets, three to a page', async () => {
    const bytes = await renderTicketPdf(combined);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1 + 1 + 2);
    expect(await decodeQrCodes(bytes)).toEqual([
      `https://example.com/embarcament/${input.reference}`,
      'https://example.com/embarcament/T-AAAA1111',
      'https://example.com/embarcament/T-BBBB2222',
      // The partner's door reads the admission's own code.
      ...combined.admissions!.map((a) => a.code),
    ]);
    await expectAccessiblePdf(bytes);
    const { headings, figures } = await structureSummary(bytes);
    expect(headings.slice(-4)).toEqual([
      'H2 Entrada inclosa: Aquàrium',
      'H2 Entrada inclosa: MOCO Museum',
      'H2 Entrada inclosa: Aquàrium',
      'H2 Entrada inclosa: MOCO Museum',
    ]);
    expect(figures.slice(-2)).toEqual([
      'Codi QR de l’entrada a Aquàrium del bitllet 2 de 2',
      'Codi QR de l’entrada a MOCO Museum del bitllet 2 de 2',
    ]);
  }, 20_000);

  it.each([
    [
      'ca',
      [
        'Amb el bitllet 1 de 2 (Adult)',
        'Vàlida: el 14 de juliol del 2027',
        "Vàlida: del 14 de juliol del 2027 a l'1 d’agost del 2027",
        'Adreça: Moll d’Espanya s/n, 08039 Barcelona',
        'Horari: Cada dia de 10 a 19 h',
        'Mapa:',
        'Codi: AQ-0000000000000001',
        "Ensenya aquest codi a l’entrada d'Aquàrium.",
      ],
    ],
    [
      'es',
      [
        'Con el billete 1 de 2 (Adulto)',
        'Válida: el 14 de julio de 2027',
        'Válida: del 14 de julio de 2027 al 1 de agosto de 2027',
        'Dirección: Moll d’Espanya s/n, 08039 Barcelona',
        'Horario: Cada dia de 10 a 19 h',
        'Código: AQ-0000000000000001',
      ],
    ],
    [
      'en',
      [
        'With ticket 1 of 2 (Adult)',
        'Valid: on 14 July 2027',
        'Valid: from 14 July 2027 to 1 August 2027',
        'Opening hours: Cada dia de 10 a 19 h',
        'Map:',
        'Code: AQ-0000000000000001',
        'Show this code at the entrance of Aquàrium.',
      ],
    ],
    [
      'fr',
      [
        'Avec le billet 1 sur 2 (Adulte)',
        'Valable : le 14 juillet 2027',
        'Valable : du 14 juillet 2027 au 1 août 2027',
        'Adresse : Moll d’Espanya s/n, 08039 Barcelona',
        'Horaires : Cada dia de 10 a 19 h',
        'Plan :',
        'Code : AQ-0000000000000001',
      ],
    ],
  ] as const)(
    'writes the partner, the days, where and when, and the code in the visitor’s language (%s)',
    async (locale, expected) => {
      const pages = await pdfTexts(await renderTicketPdf({ ...combined, locale }));
      // Wrapped lines are read back one by one: the admissions' pages as one text.
      const text = pages.slice(2).flat().join(' ');
      for (const part of expected) expect(text).toContain(part);
      // The map link is written out whole, in pieces as wide as the column.
      expect(pages.slice(2).flat().join('')).toContain(combined.admissions![0]!.mapUrl);
    },
    20_000,
  );

  it('leaves a boat-only ticket as it was', async () => {
    const plain = await pdfTexts(await renderTicketPdf(input));
    expect(await pdfTexts(await renderTicketPdf({ ...input, admissions: [] }))).toEqual(plain);
    expect(plain.flat().join(' ')).not.toMatch(/inclosa/);
  });
});
