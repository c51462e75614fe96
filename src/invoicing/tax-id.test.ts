import { describe, expect, it } from 'vitest';

import { normaliseTaxId, validateTaxId } from './tax-id';

describe('Spanish ids', () => {
  it('accepts the AEAT’s test NIF 89890001K', () => {
    expect(validateTaxId('89890001K')).toEqual({ ok: true, kind: 'nif', normalised: '89890001K', countryCode: 'ES' });
  });

  it.each([
    ['54362315K', 'nif'],
    ['00000000T', 'nif'],
    ['12345678Z', 'nif'],
    ['X1234567L', 'nie'],
    ['Y1234567X', 'nie'],
    ['Z1234567R', 'nie'],
    ['K1234567L', 'nif'],
    ['B12345674', 'cif'],
    ['A13585625', 'cif'],
    ['A58818501', 'cif'],
    ['B64717838', 'cif'],
    ['Q2826000H', 'cif'],
    ['P0801900B', 'cif'],
    ['G12345674', 'cif'],
    ['G1234567D', 'cif'],
  ] as const)('accepts %s as %s', (id, kind) => {
    expect(validateTaxId(id)).toMatchObject({ ok: true, kind, normalised: id, countryCode: 'ES' });
  });

  it.each(['89890001A', '12345678A', 'X1234567A', 'K1234567A', 'B12345675', 'G12345673', 'G1234567A', 'Q2826000I'])(
    'refuses %s for its check character',
    (id) => {
      expect(validateTaxId(id)).toEqual({ ok: false, reason: 'checkDigit' });
    },
  );

  it.each([
    '1234567Z', // seven digits
    '123456789', // no letter
    'B1234567D', // a company (B) must end in a digit
    'Q28260008', // a public body (Q) must end in a letter
    'I12345674', // no such entity letter
    'X12345678', // NIE ending in a digit
    '',
  ])('refuses %j for its format', (id) => {
    expect(validateTaxId(id)).toEqual({ ok: false, reason: 'format' });
  });

  it('normalises spaces, dots, dashes and case', () => {
    expect(normaliseTaxId(' b-12.345.674 ')).toBe('B12345674');
    expect(validateTaxId('x 1234567 l')).toMatchObject({ ok: true, kind: 'nie', normalised: 'X1234567L' });
    expect(validateTaxId('89.890.001-k')).toMatchObject({ ok: true, kind: 'nif', normalised: '89890001K' });
  });

  it('reads ES followed by a Spanish id as a Spanish VAT number, with its check', () => {
    expect(validateTaxId('ESB12345674')).toEqual({
      ok: true,
      kind: 'euVat',
      normalised: 'ESB12345674',
      countryCode: 'ES',
    });
    expect(validateTaxId('ES89890001K')).toMatchObject({ ok: true, kind: 'euVat' });
    expect(validateTaxId('ESB12345675')).toEqual({ ok: false, reason: 'checkDigit' });
  });
});

describe('EU VAT numbers', () => {
  // Published example numbers of real companies, as VIES has validated them.
  it.each([
    ['ATU13585627', 'AT'],
    ['BE0411905847', 'BE'],
    ['BE0417497106', 'BE'],
    ['DE136695976', 'DE'],
    ['DE811907980', 'DE'],
    ['DK13585628', 'DK'],
    ['FI20774740', 'FI'],
    ['FR40303265045', 'FR'],
    ['FR23334175221', 'FR'],
    ['FRK7399859412', 'FR'],
    ['IT00743110157', 'IT'],
    ['LU15027442', 'LU'],
    ['LU26375245', 'LU'],
    ['NL004495445B01', 'NL'],
    ['PL5260250274', 'PL'],
    ['PL8567346215', 'PL'],
    ['PT501964843', 'PT'],
    ['SE556188840401', 'SE'],
    ['SK2022749619', 'SK'],
    ['HR33392005961', 'HR'],
    ['IE6433435F', 'IE'],
    ['CY10259033P', 'CY'],
    ['CZ25123891', 'CZ'],
    ['EE100594102', 'EE'],
    ['BG175074752', 'BG'],
    ['LT119511515', 'LT'],
    ['LV40003521600', 'LV'],
    ['MT11679112', 'MT'],
    ['HU12892312', 'HU'],
    ['EL094014201', 'EL'],
  ])('accepts %s', (id, countryCode) => {
    expect(validateTaxId(id)).toEqual({ ok: true, kind: 'euVat', normalised: id, countryCode });
  });

  it.each([
    'ATU13585628',
    'BE0411905848',
    'DE136695977',
    'DK13585629',
    'FI20774741',
    'FR41303265045',
    'IT00743110158',
    'LU15027443',
    'NL004495446B01',
    'PL5260250275',
    'PT501964844',
  ])('refuses %s for its check digits', (id) => {
    expect(validateTaxId(id)).toEqual({ ok: false, reason: 'checkDigit' });
  });

  it.each([
    'DE12345678', // eight digits
    'FR4030326504', // short SIREN
    'ITO0743110157', // a letter O for a zero
    'NL004495445C01',
    'BE2411905847', // must start 0 or 1
    'SE556188840402', // must end 01
    'XX123456789', // no such country
    'GB980780684', // not in the EU since 2021
    'US123456789',
  ])('refuses %s for its format', (id) => {
    expect(validateTaxId(id)).toEqual({ ok: false, reason: 'format' });
  });

  it('accepts a Dutch sole trader’s number by its mod-97 rule (NL000099998B57)', () => {
    // It fails the companies' elfproef; with its letters as numbers (N 23, L 21, B 11) it is 1 mod 97.
    expect(validateTaxId('NL000099998B57')).toMatchObject({ ok: true, countryCode: 'NL' });
  });

  it('normalises spacing and reads Greece’s GR as EL', () => {
    expect(validateTaxId('nl 004.495.445.b01')).toMatchObject({ ok: true, normalised: 'NL004495445B01' });
    expect(validateTaxId('GR094014201')).toMatchObject({ ok: true, normalised: 'EL094014201', countryCode: 'EL' });
  });

  it('completes an old nine-digit Belgian number with its leading zero', () => {
    expect(validateTaxId('BE411905847')).toMatchObject({ ok: true, normalised: 'BE0411905847' });
  });
});
