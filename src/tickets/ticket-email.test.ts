import { describe, expect, it } from 'vitest';

import { renderTicketEmail, type TicketEmailInput } from './ticket-email';

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
