import type { Payload } from 'payload';

import { shopDb, type Tx } from '../booking/db';
import { findBooking } from '../booking/bookings-repository';
import { invoiceById, invoicesOfBooking, issueDueInvoice, saveRecipient, type StoredInvoice } from './ledger';
import { effectiveInvoices } from './plan';
import { validateTaxId } from './tax-id';
import type { Recipient } from './types';

/**
 * The buyer's "I need an invoice" details: at checkout (the sale is then invoiced in full, F1) or
 * later from the booking page (an F3 replaces the simplified invoice). The tax id is checked with
 * its check characters before anything reaches an invoice or the AEAT.
 */
export type RecipientInput = { name: string; taxId: string; address: string };
export type RecipientField = 'name' | 'taxId' | 'address';
export type RecipientProblem = 'required' | 'tooLong' | 'taxIdFormat' | 'taxIdCheckDigit';

// AEAT: NombreRazon is at most 120 characters; our address line, at most 200.
const LIMITS: Record<RecipientField, number> = { name: 120, taxId: 20, address: 200 };

// VIES prefixes that are not the country's ISO 3166 code, which IDOtro/CodigoPais wants.
const ISO_OF_VIES: Record<string, string> = { EL: 'GR', XI: 'GB' };

export function parseRecipient(
  input: Partial<Record<RecipientField, unknown>>,
):
  | { ok: true; details: { recipient: Recipient; address: string } }
  | { ok: false; problems: Partial<Record<RecipientField, RecipientProblem>> } {
  const problems: Partial<Record<RecipientField, RecipientProblem>> = {};
  const text = (field: RecipientField) => {
    const value = typeof input[field] === 'string' ? (input[field] as string).trim().replace(/\s+/g, ' ') : '';
    if (!value) problems[field] = 'required';
    else if (value.length > LIMITS[field]) problems[field] = 'tooLong';
    return value;
  };
  const name = text('name');
  const taxId = text('taxId');
  const address = text('address');
  const checked = taxId && !problems.taxId ? validateTaxId(taxId) : null;
  if (checked && !checked.ok) problems.taxId = checked.reason === 'checkDigit' ? 'taxIdCheckDigit' : 'taxIdFormat';
  if (Object.keys(problems).length > 0 || !checked?.ok) return { ok: false, problems };
  const spanish = checked.countryCode === 'ES';
  const recipient: Recipient = spanish
    ? { name, nif: checked.normalised.replace(/^ES/, '') }
    : {
        name,
        countryCode: ISO_OF_VIES[checked.countryCode] ?? checked.countryCode,
        idType: '02',
        id: checked.normalised,
      };
  return { ok: true, details: { recipient, address } };
}

export type FullInvoiceError = 'notFound' | 'invalid' | 'notPaid' | 'alreadyFull';

/**
 * A visitor who paid asks for a full invoice: their details are stored and an F3 for what the
 * booking holds replaces its simplified invoices, in one transaction. Asking again returns the
 * F3 already issued.
 */
export async function requestFullInvoice(
  payload: Payload,
  reference: string,
  input: Partial<Record<RecipientField, unknown>>,
  now = new Date(),
): Promise<
  | { ok: true; invoice: StoredInvoice; alreadyIssued: boolean }
  | { ok: false; error: FullInvoiceError; problems?: Partial<Record<RecipientField, RecipientProblem>> }
> {
  const parsed = parseRecipient(input);
  if (!parsed.ok) return { ok: false, error: 'invalid', problems: parsed.problems };
  return shopDb(payload)
    .transaction(async (tx: Tx) => {
      const booking = await findBooking(tx, { reference });
      if (!booking) return { ok: false as const, error: 'notFound' as const };
      const invoices = effectiveInvoices(await invoicesOfBooking(tx, booking.id));
      const originals = invoices.filter((invoice) => invoice.type !== 'R1' && invoice.type !== 'R5');
      const f3 = originals.find((invoice) => invoice.type === 'F3');
      if (f3) return { ok: true as const, invoice: f3, alreadyIssued: true };
      if (originals.some((invoice) => invoice.type !== 'F2'))
        return { ok: false as const, error: 'alreadyFull' as const };
      await saveRecipient(tx, booking.id, parsed.details, now);
      const id = await issueDueInvoice(tx, booking.id, now);
      const invoice = id === null ? null : await invoiceById(tx, id);
      // Nothing invoiced yet and nothing issued now: not paid. Otherwise an F3 replaces the
      // simplified invoices, or, for a sale above the limit that waited for these details
      // (plan.ts, decision 164), its F1 is issued. Nothing held any more (refunded in full):
      // there is nothing a full invoice could document.
      const expected = originals.length === 0 ? 'F1' : 'F3';
      if (!invoice || invoice.type !== expected) throw new NothingToInvoice();
      return { ok: true as const, invoice, alreadyIssued: false };
    })
    .catch((error: unknown) => {
      if (error instanceof NothingToInvoice) return { ok: false as const, error: 'notPaid' as const };
      throw error;
    });
}

// Thrown to roll the stored details back with the transaction.
class NothingToInvoice extends Error {}
