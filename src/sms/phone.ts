import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * Mobile numbers as SMS providers want them (E.164, "+34633444555"), read with libphonenumber's
 * full metadata so that a number is judged by the numbering plan of its own country: a Spanish
 * landline ("933 000 000") or a number too short for its country is not a mobile, and a foreign
 * visitor's "+33 6 12 34 56 78" keeps its country. Visitors here mostly type Spanish numbers
 * without a prefix ("633444555"), hence Spain as the region of a number that names none.
 */
export const DEFAULT_PHONE_REGION: CountryCode = 'ES';

// Countries that do not tell mobiles from landlines (the USA, Canada…) answer FIXED_LINE_OR_MOBILE.
const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** The number in E.164 when it can receive an SMS; null when it cannot be a mobile. */
export function mobileE164(typed: string, region: CountryCode = DEFAULT_PHONE_REGION): string | null {
  const text = typed.trim();
  if (!text) return null;
  // "0033 6…" is how Europeans dial abroad; the library reads it only with a "+".
  const international = text.replace(/^\s*00(?=[1-9])/, '+');
  const number = parsePhoneNumberFromString(international, region);
  if (!number || !number.isValid()) return null;
  const type = number.getType();
  if (!type || !MOBILE_TYPES.has(type)) return null;
  return number.number;
}

/**
 * A stored number as people read it ("+34 600 11 12 22"): the crew call it from the quay, and
 * E.164's run of digits is easy to misdial. A number the library cannot read is shown as stored.
 */
export function phoneForDisplay(stored: string): string {
  const number = stored.trim() ? parsePhoneNumberFromString(stored, DEFAULT_PHONE_REGION) : undefined;
  return number?.isValid() ? number.formatInternational() : stored;
}
