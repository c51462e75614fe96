import { describe, expect, it } from 'vitest';

import {
  bookingErrorKeys,
  bookingSchema,
  createBookingSchema,
  fieldErrors,
  isPhoneNumber,
  violationErrors,
} from './booking-schema';
import { quote } from '../booking/pricing';

/** What Object.fromEntries(formData) gives a server action: strings only. */
const filled = {
  departureId: 'dep_123',
  tripType: 'roundTrip',
  adult: '2',
  reduced: '0',
  child: '1',
  super3: '0',
  audioGuides: '1',
  name: 'Núria',
  surnames: 'Puig i Ferrer',
  email: 'nuria@example.cat',
  phone: '+34 933 000 000',
  mobilePhone: '600 11 22 33',
  comments: '',
  locale: 'ca',
};

function errorsFor(input: unknown) {
  return fieldErrors(bookingSchema.safeParse(input));
}

describe('bookingSchema', () => {
  it('accepts a filled form and turns strings into numbers', () => {
    const result = bookingSchema.safeParse(filled);
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      departureId: 'dep_123',
      tripType: 'roundTrip',
      adult: 2,
      reduced: 0,
      child: 1,
      super3: 0,
      audioGuides: 1,
      name: 'Núria',
      surnames: 'Puig i Ferrer',
      email: 'nuria@example.cat',
      phone: '+34 933 000 000',
      mobilePhone: '600 11 22 33',
      comments: undefined,
      locale: 'ca',
    });
  });

  it('carries a ticked "I need an invoice" and its details, unchecked (invoicing checks them)', () => {
    const details = {
      invoiceName: 'Escola del Mar SL',
      invoiceTaxId: 'B12345674',
      invoiceAddress: 'Carrer del Port 1',
    };
    for (const ticked of ['on', true]) {
      expect(bookingSchema.safeParse({ ...filled, invoice: ticked, ...details }).data).toMatchObject({
        invoice: true,
        ...details,
      });
    }
    // Unticked (a checkbox sends nothing, the client's state an empty string): no invoice wanted.
    for (const unticked of [undefined, '', 'off', false]) {
      expect(bookingSchema.safeParse({ ...filled, invoice: unticked, ...details }).data?.invoice).toBeUndefined();
    }
    expect(errorsFor({ ...filled, invoice: 'on', invoiceTaxId: 42 })).toEqual({ invoiceTaxId: 'required' });
  });

  it('accepts the typed values a client component holds', () => {
    const result = bookingSchema.safeParse({ ...filled, adult: 1, child: 0, audioGuides: 0, tripType: 'oneWay' });
    expect(result.success).toBe(true);
    expect(result.data?.tripType).toBe('oneWay');
  });

  it('treats empty or absent quantities as zero and defaults to a round trip', () => {
    const { reduced: _r, super3: _s, tripType: _t, ...rest } = filled;
    const result = bookingSchema.safeParse({ ...rest, child: '', audioGuides: ' ' });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      adult: 2,
      reduced: 0,
      child: 0,
      super3: 0,
      audioGuides: 0,
      tripType: 'roundTrip',
    });
  });

  it('trims and lower-cases the e-mail and trims names and comments', () => {
    const result = bookingSchema.safeParse({
      ...filled,
      email: '  Nuria.Puig@Example.CAT ',
      name: '  Núria ',
      comments: '  Cadira de rodes  ',
    });
    expect(result.data).toMatchObject({ email: 'nuria.puig@example.cat', name: 'Núria', comments: 'Cadira de rodes' });
  });

  it('reports every missing required field with the key "required"', () => {
    expect(errorsFor({})).toEqual({
      departureId: 'required',
      name: 'required',
      surnames: 'required',
      email: 'required',
      phone: 'required',
      mobilePhone: 'required',
      locale: 'required',
      adult: 'noTickets',
    });
  });

  it('counts blank text as missing', () => {
    expect(errorsFor({ ...filled, name: '   ', surnames: '', email: ' ', phone: ' ', mobilePhone: '' })).toEqual({
      name: 'required',
      surnames: 'required',
      email: 'required',
      phone: 'required',
      mobilePhone: 'required',
    });
  });

  it('treats null (FormData.get on a missing field) as missing', () => {
    expect(errorsFor({ ...filled, name: null, comments: null, adult: null, child: null, audioGuides: null })).toEqual({
      name: 'required',
      adult: 'noTickets',
    });
  });

  it('refuses a non-object payload as a whole', () => {
    expect(errorsFor(null)).toEqual({ form: 'required' });
    expect(errorsFor('adult=2')).toEqual({ form: 'required' });
  });

  it('refuses an invalid e-mail', () => {
    for (const email of ['nuria', 'nuria@', '@example.cat', 'nuria@example', 'nu ria@example.cat', 'a@b..cat']) {
      expect(errorsFor({ ...filled, email })).toEqual({ email: 'invalidEmail' });
    }
  });

  it('refuses an e-mail over 254 characters as too long', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(185)}.cat`;
    expect(email.length).toBe(254);
    expect(errorsFor({ ...filled, email }).email).not.toBe('tooLong');
    expect(errorsFor({ ...filled, email: `a${email}` })).toEqual({ email: 'tooLong' });
  });

  it('caps names at 100 characters and comments at 1000', () => {
    expect(bookingSchema.safeParse({ ...filled, name: 'N'.repeat(100), comments: 'c'.repeat(1000) }).success).toBe(
      true,
    );
    expect(errorsFor({ ...filled, name: 'N'.repeat(101) })).toEqual({ name: 'tooLong' });
    expect(errorsFor({ ...filled, surnames: 'S'.repeat(101) })).toEqual({ surnames: 'tooLong' });
    expect(errorsFor({ ...filled, comments: 'c'.repeat(1001) })).toEqual({ comments: 'tooLong' });
    // Length counts after trimming: padding does not make a name too long.
    expect(bookingSchema.safeParse({ ...filled, name: `  ${'N'.repeat(100)}  ` }).success).toBe(true);
  });

  it('validates both phones leniently', () => {
    expect(errorsFor({ ...filled, phone: '93 300 00 00', mobilePhone: '+34 (600) 11-22-33' })).toEqual({});
    expect(errorsFor({ ...filled, phone: 'call me', mobilePhone: '12345' })).toEqual({
      phone: 'invalidPhone',
      mobilePhone: 'invalidPhone',
    });
  });

  it('refuses quantities that are not plain non-negative whole numbers', () => {
    for (const value of ['-1', '1.5', '1e1', '0x10', 'two', -1, 1.5, Number.NaN, true]) {
      expect(errorsFor({ ...filled, reduced: value })).toEqual({ reduced: 'invalidQuantity' });
    }
    expect(errorsFor({ ...filled, adult: '99999999999999999999' }).adult).toBe('invalidQuantity');
  });

  it('refuses an unknown trip type or locale', () => {
    expect(errorsFor({ ...filled, tripType: 'sunset' })).toEqual({ tripType: 'required' });
    expect(errorsFor({ ...filled, locale: 'de' })).toEqual({ locale: 'required' });
  });

  it('drops fields it does not know', () => {
    const result = bookingSchema.safeParse({ ...filled, totalCents: '1', isAdmin: 'true' });
    expect(result.success).toBe(true);
    expect(result.data).not.toHaveProperty('totalCents');
  });

  describe('ticket rules (shared with quote)', () => {
    it('puts atLeastOneAdult on the child field', () => {
      expect(errorsFor({ ...filled, adult: '0', child: '2', audioGuides: '0' })).toEqual({ child: 'atLeastOneAdult' });
    });

    it('puts atLeastOneAdult on super3 when only Super3 children come', () => {
      expect(errorsFor({ ...filled, adult: '0', child: '0', super3: '1', audioGuides: '0' })).toEqual({
        super3: 'atLeastOneAdult',
      });
    });

    it('allows four Super3 children per adult or retiree and refuses a fifth', () => {
      expect(errorsFor({ ...filled, adult: '1', reduced: '1', child: '0', super3: '8' })).toEqual({});
      expect(errorsFor({ ...filled, adult: '1', reduced: '0', child: '0', super3: '5' })).toEqual({
        super3: 'super3PerAdult',
      });
    });

    it('puts noTickets and tooManyTickets on the adult field', () => {
      expect(errorsFor({ ...filled, adult: '0', child: '0', audioGuides: '0' })).toEqual({ adult: 'noTickets' });
      expect(errorsFor({ ...filled, adult: '60', child: '1' })).toEqual({ adult: 'tooManyTickets' });
    });

    it('puts tooManyAudioGuides on the audio guide field', () => {
      expect(errorsFor({ ...filled, audioGuides: '4' })).toEqual({ audioGuides: 'tooManyAudioGuides' });
    });

    it('shows ticket rules while other fields are still wrong', () => {
      expect(errorsFor({ ...filled, email: '', adult: '0' })).toEqual({ email: 'required', child: 'atLeastOneAdult' });
    });

    it('skips ticket rules while a quantity itself is unreadable', () => {
      expect(errorsFor({ ...filled, adult: 'x', child: '3' })).toEqual({ adult: 'invalidQuantity' });
    });

    it('honours a configured ticket cap', () => {
      const schema = createBookingSchema({ maxTickets: 3 });
      expect(fieldErrors(schema.safeParse({ ...filled, adult: '2', child: '1' }))).toEqual({});
      expect(fieldErrors(schema.safeParse({ ...filled, adult: '3', child: '1' }))).toEqual({ adult: 'tooManyTickets' });
    });

    it('agrees with quote on the parsed data', () => {
      const data = bookingSchema.parse(filled);
      const result = quote({ roundTrip: { adult: 1000, reduced: 800, child: 500 } }, data);
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.quote.totalCents).toBe(2000 + 500 + 300);
    });
  });
});

describe('fieldErrors', () => {
  it('is empty for a successful parse', () => {
    expect(fieldErrors(bookingSchema.safeParse(filled))).toEqual({});
  });

  it('keeps the first error of a field', () => {
    // A blank name is "required", not also "tooLong"; an invalid quantity hides the ticket rules.
    expect(errorsFor({ ...filled, name: '' }).name).toBe('required');
    expect(errorsFor({ ...filled, child: '-1' })).toEqual({ child: 'invalidQuantity' });
  });

  it('accepts a ZodError directly', () => {
    const result = bookingSchema.safeParse({ ...filled, phone: 'x' });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ phone: 'invalidPhone' });
  });

  it('only ever yields known keys', () => {
    const errors = errorsFor({ adult: 'x', email: 42, tripType: 7, comments: 5, locale: null });
    for (const key of Object.values(errors)) expect(bookingErrorKeys).toContain(key);
  });
});

describe('violationErrors', () => {
  it('maps a quote refusal onto form fields', () => {
    const result = quote(
      { roundTrip: { adult: 1000, reduced: 800, child: 500 } },
      { ...bookingSchema.parse(filled), tripType: 'oneWay' },
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(violationErrors(result.violations)).toEqual({ tripType: 'tripTypeUnavailable' });
  });
});

describe('isPhoneNumber', () => {
  it('accepts international and local formats with 6 to 20 digits', () => {
    for (const phone of [
      '+34933000000',
      '933 00 00 00',
      '+44 (0)20 7946 0958',
      '600-11-22-33',
      '123456',
      '+1 (555) 010-9999',
    ]) {
      expect(isPhoneNumber(phone)).toBe(true);
    }
    expect(isPhoneNumber('1'.repeat(20))).toBe(true);
  });

  it('refuses letters, a misplaced +, too few or too many digits', () => {
    for (const phone of [
      '12345',
      '1'.repeat(21),
      '93 300 00 00 ext 5',
      '34+933000000',
      '++34933000000',
      '+',
      '----------',
    ]) {
      expect(isPhoneNumber(phone)).toBe(false);
    }
  });
});
