import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';

import { decodeQrCodes } from '../../tests/fixtures/pdf-qr';

import { pdfSafe, renderTicketPdf, type TicketDocumentInput } from './ticket-pdf';

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
    }
  });
});

describe('pdfSafe', () => {
  it('keeps Catalan, Spanish and French text and replaces what the standard fonts cannot encode', () => {
    expect(pdfSafe('Col·lecció, niño, garçon, œuvre, 12,50 €')).toBe('Col·lecció, niño, garçon, œuvre, 12,50 €');
    expect(pdfSafe('12,50\u202F€')).toBe('12,50\u00A0€');
    expect(pdfSafe('Łukasz 王')).toBe('Lukasz ?');
  });
});
