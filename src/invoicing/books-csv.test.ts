import { describe, expect, it } from 'vitest';

import { bookCell, decimalComma } from './books-csv';

describe("the accountant's CSV cells", () => {
  it('amounts with a decimal comma and a plain minus, no thousands separator', () => {
    expect(decimalComma(0)).toBe('0,00');
    expect(decimalComma(5)).toBe('0,05');
    expect(decimalComma(123_456)).toBe('1234,56');
    expect(decimalComma(-1_000)).toBe('-10,00');
    expect(decimalComma(-5)).toBe('-0,05');
  });

  it('a name a buyer typed can neither split a line nor run as a formula', () => {
    expect(bookCell('Escola del Mar SL')).toBe('Escola del Mar SL');
    expect(bookCell('Viatges "Mar"; S.L.')).toBe('"Viatges ""Mar""; S.L."');
    expect(bookCell('Mar, S.L.')).toBe('"Mar, S.L."');
    expect(bookCell('two\r\nlines')).toBe('"two\r\nlines"');
    for (const formula of ['=HYPERLINK("x")', '+34 600', '-1+1', '@SUM(A1)'])
      expect(bookCell(formula).replace(/^"/, '').startsWith("'")).toBe(true);
  });
});
