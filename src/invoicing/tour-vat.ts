import type { TourBookingSettings } from '../booking/tours-repository';
import { vatRates } from './config';
import type { VatRates } from './plan';

/**
 * The VAT a tour's sales carry: the rates set on the tour in the admin (tickets, audio guides),
 * each defaulting to the configured one (INVOICE_VAT_PCT, INVOICE_AUDIO_GUIDE_VAT_PCT). Invoices
 * and the OCTO prices' `includedTaxes` both read it here, so a reseller is told the VAT its
 * invoice will show.
 */
export function tourVatRates(
  settings: Pick<TourBookingSettings, 'vatRatePct' | 'audioGuideVatRatePct'> | null | undefined,
): VatRates {
  const defaults = vatRates();
  return {
    tickets: settings?.vatRatePct ?? defaults.tickets,
    audioGuide: settings?.audioGuideVatRatePct ?? defaults.audioGuide,
  };
}
