import { describe, expect, it } from 'vitest';

import { OFFICE_BOOKINGS_PATH, signInHref, withQuery } from './staff-app';

describe('the way back from the sign-in', () => {
  it('keeps the screen’s query: a search, a day, repeated names, text that needs escaping', () => {
    expect(withQuery(OFFICE_BOOKINGS_PATH, {})).toBe('/staff/bookings');
    expect(withQuery(OFFICE_BOOKINGS_PATH, { q: 'Martí Puig', page: undefined })).toBe(
      '/staff/bookings?q=Mart%C3%AD+Puig',
    );
    expect(withQuery('/staff/today', { date: '2027-08-14', status: ['paid', 'held'] })).toBe(
      '/staff/today?date=2027-08-14&status=paid&status=held',
    );
    const href = signInHref(withQuery(OFFICE_BOOKINGS_PATH, { q: 'GOL-7K2&x=1' }));
    expect(new URL(href, 'http://x').searchParams.get('redirect')).toBe('/staff/bookings?q=GOL-7K2%26x%3D1');
  });
});
