/**
 * Tax ids a full invoice may carry: Spanish NIF (DNI and the K/L/M forms), NIE, CIF (a company's
 * NIF), and the VAT numbers of the EU member states (NIF-IVA, IDType 02 in the AEAT's records).
 *
 * Input is normalised first (spaces, dots and dashes removed, upper case), so "b-12.345.674",
 * "x 1234567 l" and "NL 004.495.445.B01" are accepted as typed. An id without a country prefix is
 * taken as Spanish; an EU VAT number must carry its VIES prefix (EL for Greece, GR also read as EL).
 *
 * Check digits are verified for every Spanish form and for the member states whose rule is short and
 * public (AT, BE, DE, DK, FI, FR with a numeric key, IT, LU, NL, PL, PT); other states are checked for
 * their VIES format only. A valid check digit says the id is well formed, not that it is registered:
 * only the AEAT (Spanish ids) and VIES (EU VAT) can say that.
 */

export type TaxIdKind = 'nif' | 'nie' | 'cif' | 'euVat';

export type TaxIdResult =
  | {
      ok: true;
      kind: TaxIdKind;
      /** Spanish ids: the nine characters ("B12345674"); EU VAT: prefix and number ("FR40303265045"). */
      normalised: string;
      /** "ES" for Spanish ids; the VIES prefix for EU VAT numbers (EL for Greece, XI for Northern Ireland). */
      countryCode: string;
    }
  | { ok: false; reason: 'format' | 'checkDigit' };

const FORMAT = { ok: false, reason: 'format' } as const;
const CHECK_DIGIT = { ok: false, reason: 'checkDigit' } as const;

export function normaliseTaxId(input: string): string {
  return input.replace(/[\s.\-]/g, '').toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// Spain

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_CONTROL_LETTERS = 'JABCDEFGHI';

type SpanishResult = { ok: true; kind: 'nif' | 'nie' | 'cif' } | { ok: false; reason: 'format' | 'checkDigit' };

function dniLetter(number: number): string {
  return DNI_LETTERS[number % 23]!;
}

/** The CIF control: digits in odd positions doubled and digit-summed, even ones added, 10's complement. */
function cifControlDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const digit = Number(digits[i]);
    if (i % 2 === 0) {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += digit;
    }
  }
  return (10 - (sum % 10)) % 10;
}

function validateSpanish(id: string): SpanishResult {
  // DNI: 8 digits and the letter of number mod 23.
  let match = /^(\d{8})([A-Z])$/.exec(id);
  if (match) {
    return dniLetter(Number(match[1])) === match[2] ? { ok: true, kind: 'nif' } : CHECK_DIGIT;
  }
  // NIE: X, Y or Z standing for 0, 1 or 2, then the DNI rule.
  match = /^([XYZ])(\d{7})([A-Z])$/.exec(id);
  if (match) {
    const number = Number(`${'XYZ'.indexOf(match[1]!)}${match[2]}`);
    return dniLetter(number) === match[3] ? { ok: true, kind: 'nie' } : CHECK_DIGIT;
  }
  // K (Spaniards under 14), L (Spaniards living abroad), M (foreigners without NIE): the DNI letter
  // of the seven digits.
  match = /^([KLM])(\d{7})([A-Z])$/.exec(id);
  if (match) {
    return dniLetter(Number(match[2])) === match[3] ? { ok: true, kind: 'nif' } : CHECK_DIGIT;
  }
  // CIF: entity letter, 7 digits, control. Public bodies, non-resident entities, religious orders
  // and associations (N P Q R S W) end in a letter; companies A B E H in a digit; the rest in either.
  match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (match) {
    const entity = match[1]!;
    const control = match[3]!;
    const expected = cifControlDigit(match[2]!);
    const letterOnly = 'NPQRSW'.includes(entity);
    const digitOnly = 'ABEH'.includes(entity);
    const isLetter = /[A-J]/.test(control);
    if ((letterOnly && !isLetter) || (digitOnly && isLetter)) return FORMAT;
    const matches = isLetter ? CIF_CONTROL_LETTERS[expected] === control : Number(control) === expected;
    return matches ? { ok: true, kind: 'cif' } : CHECK_DIGIT;
  }
  return FORMAT;
}

// ---------------------------------------------------------------------------------------------
// EU VAT numbers

type EuRule = { format: RegExp; check?: (number: string) => boolean };

const digitsOf = (text: string): number[] => [...text].map(Number);

function weightedSum(digits: readonly number[], weights: readonly number[]): number {
  return weights.reduce((sum, weight, i) => sum + weight * digits[i]!, 0);
}

function luhnValid(number: string): boolean {
  let sum = 0;
  const digits = digitsOf(number).reverse();
  for (const [i, digit] of digits.entries()) {
    if (i % 2 === 1) {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    } else {
      sum += digit;
    }
  }
  return sum % 10 === 0;
}

/** ISO 7064 MOD 11,10, as Germany's USt-IdNr uses it. */
function mod11_10Valid(number: string): boolean {
  const digits = digitsOf(number);
  let product = 10;
  for (const digit of digits.slice(0, -1)) {
    let sum = (digit + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return check === digits.at(-1);
}

/** A remainder of a big decimal string, without losing precision. */
function bigMod(number: string, divisor: number): number {
  let rest = 0;
  for (const char of number) rest = (rest * 10 + Number(char)) % divisor;
  return rest;
}

const EU_RULES: Record<string, EuRule> = {
  AT: {
    format: /^U\d{8}$/,
    check: (n) => {
      const d = digitsOf(n.slice(1));
      let sum = 0;
      for (let i = 0; i < 7; i++) {
        const value = i % 2 === 1 ? d[i]! * 2 : d[i]!;
        sum += Math.floor(value / 10) + (value % 10);
      }
      return (10 - ((sum + 4) % 10)) % 10 === d[7];
    },
  },
  // Ten digits starting 0 or 1 (old nine-digit numbers get a leading 0 when normalised).
  BE: { format: /^[01]\d{9}$/, check: (n) => 97 - bigMod(n.slice(0, 8), 97) === Number(n.slice(8)) },
  BG: { format: /^\d{9,10}$/ },
  CY: { format: /^\d{8}[A-Z]$/ },
  CZ: { format: /^\d{8,10}$/ },
  DE: { format: /^\d{9}$/, check: mod11_10Valid },
  DK: { format: /^\d{8}$/, check: (n) => weightedSum(digitsOf(n), [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0 },
  EE: { format: /^\d{9}$/ },
  EL: { format: /^\d{9}$/ },
  FI: {
    format: /^\d{8}$/,
    check: (n) => {
      const d = digitsOf(n);
      const rest = weightedSum(d, [7, 9, 10, 5, 8, 4, 2]) % 11;
      if (rest === 1) return false;
      return (rest === 0 ? 0 : 11 - rest) === d[7];
    },
  },
  // Two-character key and the SIREN; a numeric key is (12 + 3 × (SIREN mod 97)) mod 97, and
  // keys with letters (newer numbers) follow an unpublished rule, so they are checked for format only.
  FR: {
    format: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
    check: (n) => !/^\d{2}/.test(n) || Number(n.slice(0, 2)) === (12 + 3 * bigMod(n.slice(2), 97)) % 97,
  },
  HR: { format: /^\d{11}$/ },
  HU: { format: /^\d{8}$/ },
  IE: { format: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/ },
  IT: { format: /^\d{11}$/, check: luhnValid },
  LT: { format: /^(\d{9}|\d{12})$/ },
  LU: { format: /^\d{8}$/, check: (n) => bigMod(n.slice(0, 6), 89) === Number(n.slice(6)) },
  LV: { format: /^\d{11}$/ },
  MT: { format: /^\d{8}$/ },
  // Companies: the 9 digits pass the "elfproef" (weights 9…2, last digit −1). Sole traders since
  // 2020: the whole number, letters as 10…35, is 1 mod 97. Either makes it well formed.
  NL: {
    format: /^\d{9}B\d{2}$/,
    check: (n) => {
      const d = digitsOf(n.slice(0, 9));
      const elfproef = (weightedSum(d, [9, 8, 7, 6, 5, 4, 3, 2]) - d[8]!) % 11 === 0;
      const numeric = [...`NL${n}`].map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
      return elfproef || bigMod(numeric, 97) === 1;
    },
  },
  PL: {
    format: /^\d{10}$/,
    check: (n) => {
      const d = digitsOf(n);
      const rest = weightedSum(d, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
      return rest !== 10 && rest === d[9];
    },
  },
  PT: {
    format: /^\d{9}$/,
    check: (n) => {
      const d = digitsOf(n);
      const check = 11 - (weightedSum(d, [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
      return (check >= 10 ? 0 : check) === d[8];
    },
  },
  RO: { format: /^\d{2,10}$/ },
  SE: { format: /^\d{10}01$/ },
  SI: { format: /^\d{8}$/ },
  SK: { format: /^\d{10}$/ },
  XI: { format: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/ },
};

function validateEuVat(prefix: string, number: string): TaxIdResult {
  const countryCode = prefix === 'GR' ? 'EL' : prefix;
  if (countryCode === 'ES') {
    const spanish = validateSpanish(number);
    return spanish.ok ? { ok: true, kind: 'euVat', normalised: `ES${number}`, countryCode } : spanish;
  }
  const rule = EU_RULES[countryCode];
  if (!rule) return FORMAT;
  const body = countryCode === 'BE' && /^\d{9}$/.test(number) ? `0${number}` : number;
  if (!rule.format.test(body)) return FORMAT;
  if (rule.check && !rule.check(body)) return CHECK_DIGIT;
  return { ok: true, kind: 'euVat', normalised: `${countryCode}${body}`, countryCode };
}

/** Validates a Spanish NIF/NIE/CIF or an EU VAT number (with its country prefix). */
export function validateTaxId(input: string): TaxIdResult {
  const id = normaliseTaxId(input);
  // No Spanish id starts with two letters (the K/L/M/X/Y/Z and CIF letters are followed by a digit),
  // so two leading letters can only be a country prefix.
  const prefixed = /^([A-Z]{2})([0-9A-Z+*]+)$/.exec(id);
  if (prefixed) return validateEuVat(prefixed[1]!, prefixed[2]!);
  const spanish = validateSpanish(id);
  return spanish.ok ? { ok: true, kind: spanish.kind, normalised: id, countryCode: 'ES' } : spanish;
}
