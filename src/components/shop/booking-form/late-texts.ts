/**
 * Error texts the booking form needs only once it is open and the visitor has typed or sent
 * something (the tax id's checks, the server's answers to a sent form). They come with the invoice
 * texts' chunk when the form opens (use-invoice-texts.ts), not in the tour page's HTML, which must
 * stay within the first round trip (tests/e2e/js-budget.spec.ts).
 */
export const LATE_ERROR_KEYS = [
  'taxIdFormat',
  'taxIdCheckDigit',
  'fullInvoiceRequired',
  'holdLimitReached',
  'tooManyRequests',
] as const;

/** The errors the page carries itself: all but the late ones. */
export function earlyErrors(errors: Record<string, string>): Record<string, string> {
  const late = new Set<string>(LATE_ERROR_KEYS);
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !late.has(key)));
}

/** The late errors, from the loaded messages. */
export function lateErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(LATE_ERROR_KEYS.map((key) => [key, errors[key] ?? '']));
}
