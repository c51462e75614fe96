import { describe, expect, it } from 'vitest';

import en from '@/i18n/messages/shop/en.json';

import { earlyErrors, LATE_ERROR_KEYS, lateErrors } from './late-texts';

describe('the booking form’s late error texts', () => {
  it('are left out of the page and come with the opened form, every one of them with a text', () => {
    const early = earlyErrors(en.shop.errors);
    for (const key of LATE_ERROR_KEYS) expect(early).not.toHaveProperty(key);
    expect(early.required).toBe('Required field');
    const late = lateErrors(en.shop.errors);
    expect(Object.keys(late).sort()).toEqual([...LATE_ERROR_KEYS].sort());
    for (const text of Object.values(late)) expect(text).not.toBe('');
    expect({ ...early, ...late }).toEqual(en.shop.errors);
  });
});
