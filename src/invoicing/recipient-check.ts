import { validateTaxId } from './tax-id';

/**
 * The checks a full invoice's details must pass, without the database, so the booking page's form
 * can say in the browser what the server would answer (full-invoice.ts, parseRecipient, stays
 * the authority; a unit test holds the two to the same answers).
 */
export type RecipientField = 'name' | 'taxId' | 'address';
export type RecipientProblem = 'required' | 'tooLong' | 'taxIdFormat' | 'taxIdCheckDigit';

/** As parseRecipient's: the AEAT's NombreRazon is at most 120 characters; our address line, 200. */
export const RECIPIENT_LIMITS: Record<RecipientField, number> = { name: 120, taxId: 20, address: 200 };

export const recipientFields: readonly RecipientField[] = ['name', 'taxId', 'address'];

export function recipientProblems(
  input: Partial<Record<RecipientField, unknown>>,
): Partial<Record<RecipientField, RecipientProblem>> {
  const problems: Partial<Record<RecipientField, RecipientProblem>> = {};
  for (const field of recipientFields) {
    const raw = input[field];
    const value = typeof raw === 'string' ? raw.trim().replace(/\s+/g, ' ') : '';
    if (!value) problems[field] = 'required';
    else if (value.length > RECIPIENT_LIMITS[field]) problems[field] = 'tooLong';
    else if (field === 'taxId') {
      const checked = validateTaxId(value);
      if (!checked.ok) problems.taxId = checked.reason === 'checkDigit' ? 'taxIdCheckDigit' : 'taxIdFormat';
    }
  }
  return problems;
}
