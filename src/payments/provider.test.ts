import { describe, expect, it } from 'vitest';

import { checkAgainstOrder, type VerifiedNotification } from './provider';

const notification: VerifiedNotification = {
  ok: true,
  orderRef: '0042ABCD1234',
  amountCents: 4250,
  currency: 'EUR',
  authorized: true,
  responseCode: '0000',
  authorisationCode: '123456',
};

describe('checkAgainstOrder', () => {
  it('accepts the order and amount we expect', () => {
    expect(checkAgainstOrder(notification, { orderRef: '0042ABCD1234', amountCents: 4250 })).toEqual({ ok: true });
  });

  it('refuses another amount, one cent either way', () => {
    for (const amountCents of [4249, 4251, 0, 425_000]) {
      expect(checkAgainstOrder(notification, { orderRef: '0042ABCD1234', amountCents })).toEqual({
        ok: false,
        reason: 'amountMismatch',
      });
    }
  });

  it('refuses another order, including one differing only in case', () => {
    for (const orderRef of ['0042ABCD1235', '0042abcd1234', '0042ABCD123']) {
      expect(checkAgainstOrder(notification, { orderRef, amountCents: 4250 })).toEqual({
        ok: false,
        reason: 'orderMismatch',
      });
    }
  });

  it('reports the order mismatch first when both differ', () => {
    expect(checkAgainstOrder(notification, { orderRef: '9999', amountCents: 1 })).toEqual({
      ok: false,
      reason: 'orderMismatch',
    });
  });
});
