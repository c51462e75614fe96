import { findBookingRecord } from '../booking/bookings-repository';
import type { Tx } from '../booking/db';
import { readTourSettings, type TourBookingSettings } from '../booking/tours-repository';
import { vatRates } from './config';
import type { VatRates } from './plan';

/**
 * How a tour's sales are taxed, set per tour in the admin (Tours › Ticket shop › Tax treatment,
 * docs/decisions/164-tax-treatment-and-full-invoices.md). It implies two things:
 *
 * - the tickets' VAT: 10 % for the transport of passengers (Ley 37/1992, art. 91.Uno.2.1º),
 *   21 % for other tourist services, a leisure trip that is not transport (art. 90, the
 *   general rate);
 * - the limit above which a simplified invoice may not be issued, VAT included: 3,000 € for
 *   the transport of persons and their luggage, 400 € otherwise (Real Decreto 1619/2012,
 *   art. 4.1).
 *
 * Which one a tour is, is the operator's to confirm with the AEAT (a consulta vinculante); the
 * demo's tours are passenger transport.
 */
export const taxTreatments = ['passengerTransport', 'tourism'] as const;
export type TaxTreatment = (typeof taxTreatments)[number];

export const DEFAULT_TAX_TREATMENT: TaxTreatment = 'passengerTransport';

/** Passenger transport's rate is INVOICE_VAT_PCT (10 by default), kept for installations that set it. */
const GENERAL_VAT_PCT = 21;
export const SIMPLIFIED_LIMIT_CENTS: Record<TaxTreatment, number> = {
  passengerTransport: 300_000,
  tourism: 40_000,
};

export const isTaxTreatment = (value: unknown): value is TaxTreatment =>
  typeof value === 'string' && (taxTreatments as readonly string[]).includes(value);

type TaxSettings = Partial<Pick<TourBookingSettings, 'vatRatePct' | 'audioGuideVatRatePct' | 'taxTreatment'>>;

export type TourTax = { treatment: TaxTreatment; rates: VatRates; simplifiedLimitCents: number };

/**
 * A tour's VAT rates and simplified invoice limit. The tickets' rate is the treatment's unless the
 * tour names one of its own (vatRatePct, issue 27); audio guides are a service of their own, at
 * the tour's audio guide rate or INVOICE_AUDIO_GUIDE_VAT_PCT. Invoices, the book, the reports and
 * OCTO's `includedTaxes` all read it here, so a reseller is told the VAT its invoice will show.
 */
export function tourTax(settings: TaxSettings | null | undefined): TourTax {
  const treatment = isTaxTreatment(settings?.taxTreatment) ? settings.taxTreatment : DEFAULT_TAX_TREATMENT;
  const defaults = vatRates();
  const treatmentRate = treatment === 'tourism' ? GENERAL_VAT_PCT : defaults.tickets;
  return {
    treatment,
    rates: {
      tickets: settings?.vatRatePct ?? treatmentRate,
      audioGuide: settings?.audioGuideVatRatePct ?? defaults.audioGuide,
    },
    simplifiedLimitCents: SIMPLIFIED_LIMIT_CENTS[treatment],
  };
}

/** The VAT a tour's sales carry (tickets, audio guides): tourTax's rates. */
export function tourVatRates(settings: TaxSettings | null | undefined): VatRates {
  return tourTax(settings).rates;
}

/** The tax of a booking's tour: what the sale's invoice will charge, and above what it is full. */
export async function bookingTax(target: Pick<Tx, 'query'>, bookingId: number): Promise<TourTax> {
  const booking = await findBookingRecord(target, { id: bookingId });
  return tourTax(booking ? await readTourSettings(target, booking.tourId) : null);
}
