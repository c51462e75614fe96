import { env } from '../lib/env';
import type { BillingSystem, Issuer } from './types';

/**
 * Who issues the invoices and which software keeps their records, from configuration
 * (docs/accounting.md). The software's own name, id and version are this repository's:
 * they are what the producer's declaración responsable (docs/verifactu-declaracion-responsable.md)
 * speaks for.
 */
export const SYSTEM_NAME = 'Golondrinas Taquilla';
/** IdSistemaInformatico: two characters chosen by the producer. */
export const SYSTEM_ID = 'GT';
/**
 * The version the AEAT is told and the declaración responsable names. Raise it with every change
 * to what invoicing records or sends (docs/decisions/131-invoicing.md).
 */
export const SYSTEM_VERSION = '1.1.0';

export function issuer(): Issuer {
  const config = env();
  return { name: config.INVOICE_ISSUER_NAME, nif: config.INVOICE_ISSUER_NIF, address: config.INVOICE_ISSUER_ADDRESS };
}

export function billingSystem(): BillingSystem {
  const config = env();
  return {
    producerName: config.VERIFACTU_PRODUCER_NAME ?? config.INVOICE_ISSUER_NAME,
    producerNif: config.VERIFACTU_PRODUCER_NIF ?? config.INVOICE_ISSUER_NIF,
    systemName: SYSTEM_NAME,
    systemId: SYSTEM_ID,
    version: SYSTEM_VERSION,
    installationNumber: config.VERIFACTU_INSTALLATION,
    // Only VERI*FACTU: the other mode would need signed records and an event log (decision 131).
    onlyVerifactu: true,
    multipleTaxpayers: false,
    severalTaxpayersNow: false,
  };
}

export function vatRates(): { tickets: number; audioGuide: number } {
  const config = env();
  return { tickets: config.INVOICE_VAT_PCT, audioGuide: config.INVOICE_AUDIO_GUIDE_VAT_PCT };
}

export function verifactuMode(): 'verifactu' | 'no-verifactu' {
  // Typed wider than env allows: the QR and the captions are written for both modes of the AEAT's.
  return env().VERIFACTU_MODE;
}
