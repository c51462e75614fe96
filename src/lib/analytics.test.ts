import { describe, expect, it } from 'vitest';

import { analyticsSafeUrl } from './analytics';

describe('analyticsSafeUrl', () => {
  it('drops the booking reference and the signature from the thank-you page', () => {
    expect(analyticsSafeUrl('https://example.com/en/gracias?reserva=GOL-AB12CD&firma=abcDEF123_-x&pago=ok')).toBe(
      'https://example.com/en/gracias?pago=ok',
    );
  });

  it('replaces the reference in the booking page path, in every language', () => {
    expect(analyticsSafeUrl('https://example.com/reserva/GOL-AB12CD?firma=abc')).toBe('https://example.com/reserva/_');
    expect(analyticsSafeUrl('https://example.com/fr/reserva/GOL-AB12CD#tickets')).toBe(
      'https://example.com/fr/reserva/_',
    );
  });

  it('leaves other pages alone and survives an empty or broken referrer', () => {
    expect(analyticsSafeUrl('https://example.com/es/contacto?utm_source=x')).toBe(
      'https://example.com/es/contacto?utm_source=x',
    );
    expect(analyticsSafeUrl('')).toBe('');
    expect(analyticsSafeUrl('not a url')).toBe('');
  });
});
