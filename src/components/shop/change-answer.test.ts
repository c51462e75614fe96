import { describe, expect, it } from 'vitest';

import { pageIsOutOfDate } from './change-answer';

describe('pageIsOutOfDate', () => {
  it('reads the page again when the booking or what the office allows changed under it', () => {
    for (const error of ['changed', 'notDisrupted', 'tooLate', 'boarded', 'notOnline', 'officeOnly', 'notPaid']) {
      expect(pageIsOutOfDate(error), error).toBe(true);
    }
  });

  it('keeps the page for answers the page itself explains or that a retry may mend', () => {
    for (const error of [undefined, 'full', 'invalidRequest', 'invalidLink', 'linkExpired', 'notFound', 'toString']) {
      expect(pageIsOutOfDate(error), String(error)).toBe(false);
    }
  });
});
