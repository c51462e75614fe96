import { describe, expect, it } from 'vitest';

import { pdfTexts } from '../../tests/fixtures/pdf-text';
import { locales, type Locale } from '@/i18n/locales';
import { catalanElisionFaults, frenchTypographyFaults, registerFaults } from '@/i18n/written-language';
import { invoiceDocument } from '@/invoicing/document';
import type { StoredInvoice } from '@/invoicing/ledger';
import { requestEmails, type StoredRequest } from '@/requests/emails';

import { renderInvoicePdf } from './invoice-pdf';
import { renderTicketEmail, type TicketEmailInput } from './ticket-email';

/**
 * The written-language rules (docs/decisions/172-written-language-rules.md) on what the templates
 * really send, rendered with sample data in the four languages and on the days that test them:
 * the 1st and the 11th, in April, August and October. The ticket e-mail (subject, text, HTML) and
 * its PDF, and the request e-mails. The notices (e-mail and SMS) are their catalogue messages
 * through the same translator: src/i18n/written-language.test.ts renders every one of them.
 */

const days = ['2027-04-01', '2027-08-11', '2027-10-01', '2027-10-11'];

const ticketInput = (locale: Locale, day: string): TicketEmailInput => ({
  locale,
  brand: 'Las Golondrinas',
  reference: 'GOL-7K2M9Q',
  tourTitle: 'Olímpic 90 min',
  startsAt: new Date(`${day}T09:30:00Z`),
  boardingAt: new Date(`${day}T09:15:00Z`),
  boardingPoint: { name: 'Moll de les Drassanes', address: 'Moll de les Drassanes, s/n, 08039 Barcelona' },
  customerName: 'Anna López',
  tripType: 'roundTrip',
  audioGuides: 1,
  totalCents: 1100,
  tickets: [
    { code: 'T-AAAA1111', category: 'adult' },
    { code: 'T-BBBB2222', category: 'child' },
  ],
  qrContent: (code) => code,
  durationMinutes: 90,
  bookingUrl: `https://example.com/reserva/GOL-7K2M9Q?firma=abc`,
  change: undefined,
});

function faultsOf(locale: Locale, text: string, { pdf = false } = {}): string[] {
  const faults = [...registerFaults(locale, text)];
  if (locale === 'ca') faults.push(...catalanElisionFaults(text));
  // Our PDF font has no U+202F: pdfSafe draws the (equally unbreakable) U+00A0 instead, and a
  // reader's text layer gives it back as a space; a missing space is still caught.
  if (locale === 'fr')
    faults.push(
      ...frenchTypographyFaults(pdf ? text.replace(/[ \u00a0](?=[:;!?»])|(?<=«)[ \u00a0]/g, '\u202f') : text),
    );
  return faults;
}

const plain = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('rendered templates keep the written-language rules', () => {
  it.each(locales)('%s: the ticket e-mail and its PDF', async (locale) => {
    const faults: string[] = [];
    for (const day of days) {
      const email = await renderTicketEmail(ticketInput(locale, day));
      for (const [part, text] of [
        ['subject', email.subject],
        ['text', email.text],
        ['html', plain(email.html)],
      ] as const) {
        for (const fault of faultsOf(locale, text)) faults.push(`${day} ${part}: ${fault}`);
      }
      const pdf = email.attachments.find((a) => a.contentType === 'application/pdf')!;
      const drawn = (await pdfTexts(pdf.content)).flat().join('\n');
      expect(drawn).toContain('GOL-7K2M9Q');
      for (const fault of faultsOf(locale, drawn, { pdf: true })) faults.push(`${day} pdf: ${fault}`);
    }
    expect([...new Set(faults)]).toEqual([]);
  });

  it.each(locales)('%s: the request e-mails, to the operator and to the visitor', async (locale) => {
    const faults: string[] = [];
    for (const day of days) {
      const request: StoredRequest = {
        id: 11,
        kind: 'group',
        locale,
        title: 'Associació Onada',
        contactName: 'Anna Puig',
        email: 'anna@example.com',
        data: {
          organisation: 'Associació Onada',
          contactName: 'Anna Puig',
          email: 'anna@example.com',
          phone: '+34 600 000 000',
          people: 11,
          preferredDate: day,
          comments: 'Cap.',
        },
      };
      const { operator, visitor } = await requestEmails(request);
      for (const [who, mail] of [
        ['operator', operator],
        ['visitor', visitor],
      ] as const) {
        // The operator's copy is in Catalan, the office's language; the visitor's in theirs.
        const language = who === 'operator' ? 'ca' : locale;
        for (const text of [mail.subject, mail.text ?? '']) {
          for (const fault of faultsOf(language, text)) faults.push(`${day} ${who}: ${fault}`);
        }
      }
    }
    expect([...new Set(faults)]).toEqual([]);
  });

  it.each(locales)('%s: an invoice PDF that corrects an earlier one, issued on the 1st or the 11th', async (locale) => {
    const faults: string[] = [];
    for (const day of days) {
      const [year, month, date] = day.split('-');
      const invoice = {
        id: 8,
        bookingId: 3,
        series: 'WR2027',
        number: 1,
        seriesNumber: 'WR2027-000001',
        type: 'R5',
        channel: 'web',
        issuedAt: new Date(`${day}T10:00:00Z`),
        issueDate: `${date}-${month}-${year}`,
        totalCents: -1_100,
        vatCents: -100,
        vat: [{ ratePct: 10, grossCents: -1_100, baseCents: -1_000, vatCents: -100 }],
        lines: [{ item: 'difference', quantity: 1, unitCents: -1_100, totalCents: -1_100, ratePct: 10 }],
        correctsInvoiceId: 7,
        recipient: null,
        locale,
        reason: 'refund',
        annulled: false,
      } as StoredInvoice;
      const document = invoiceDocument({
        invoice,
        issuer: {
          name: 'Las Golondrinas SA',
          nif: 'A08000000',
          address: 'Moll de les Drassanes, s/n, 08039 Barcelona',
        },
        booking: { reference: 'GOL-7K2M9Q', tourTitle: 'Olímpic 90 min' },
        corrects: [{ seriesNumber: 'W2027-000011', issueDate: `${date}-${month}-${year}` }],
        qrMode: { verifactu: true, environment: 'production' },
      });
      const drawn = (await pdfTexts(await renderInvoicePdf(document, 'Las Golondrinas'))).flat().join('\n');
      expect(drawn).toContain('W2027-000011');
      // The tax QR's caption is the AEAT's own words, in Spanish in every invoice by law.
      const ours = drawn.replace(/QR tributario:/g, '');
      for (const fault of faultsOf(locale, ours, { pdf: true })) faults.push(`${day}: ${fault}`);
    }
    expect([...new Set(faults)]).toEqual([]);
  });
});
