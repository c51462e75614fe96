import { describe, expect, it } from 'vitest';

import { readThanksLink, thanksFragment } from './thanks-link';

describe('the thank-you page link', () => {
  it('reads the gateway return query and the fragment alike', () => {
    const link = { reference: 'ABCDEFGH23456789JKLM', signature: 'abcDEF123_-xyz.0123456789' };
    expect(readThanksLink(`?reserva=${link.reference}&firma=${link.signature}&Ds_Signature=zz`)).toEqual(link);
    expect(readThanksLink(`#${thanksFragment(link)}`)).toEqual(link);
    expect(thanksFragment(link)).toBe(`reserva=${link.reference}&firma=${link.signature}`);
  });

  it('ignores anything that cannot be a booking link, so nothing of it reaches the page', () => {
    expect(readThanksLink('')).toBeNull();
    expect(readThanksLink('?reserva=ABCDEFGH')).toBeNull();
    expect(readThanksLink('?reserva=abc<script>&firma=abcdefghijklmnopqrstu')).toBeNull();
    expect(readThanksLink('?reserva=ABCDEFGH&firma="onmouseover=alert(1)"xxxxxxxx')).toBeNull();
  });
});
