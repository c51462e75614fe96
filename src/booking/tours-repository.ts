import type { Payload } from 'payload';

import type { Tour } from '../payload-types';
import { bool, num, optNum, shopDb, str, type Tx } from './db';
import type { PriceList } from './pricing';

/**
 * The tours table as the shop reads it (docs/decisions/132-one-repository-per-table.md): a tour's
 * shop settings, straight from its row on the hot path of every hold, or from Payload's document.
 */

export type TourBookingSettings = {
  tourId: number;
  slug: string;
  mode: 'online' | 'onRequest';
  priceList: PriceList | null;
  boardingMinutesBefore: number;
  bookingClosesMinutesBefore: number;
  /** Visitors change a booking's date online until this many hours before departure; null: never. */
  selfChangeHoursBefore: number | null;
  /** The tour's VAT in percent (tickets, audio guides); null: the configured default (invoicing/tour-vat.ts). */
  vatRatePct: number | null;
  audioGuideVatRatePct: number | null;
  /** How the tour's sales are taxed (invoicing/tour-vat.ts); null: not set, passenger transport. */
  taxTreatment: string | null;
};

/**
 * Payload's tour (src/payload-types.ts) as far as the shop settings go. readTourSettings builds
 * one from the row, where a column may be NULL (a tour saved before the field existed) and the
 * mode and tax treatment are not checked yet, so here every booking field may be missing and
 * those two are any string.
 */
type TourDoc = Pick<Tour, 'id' | 'slug'> & {
  booking?:
    | (OptionalOrNull<Omit<Tour['booking'], 'mode' | 'taxTreatment'>> & {
        mode?: string | null;
        taxTreatment?: string | null;
      })
    | null;
};
type OptionalOrNull<T> = { [K in keyof T]?: T[K] | null };

function fares(f: { adult?: number | null; reduced?: number | null; child?: number | null } | null | undefined) {
  if (!f || typeof f.adult !== 'number' || typeof f.reduced !== 'number' || typeof f.child !== 'number') return null;
  return { adult: f.adult, reduced: f.reduced, child: f.child };
}

/** A tour's shop settings; an online tour without a complete round-trip price list is not sold. */
export function tourBookingSettings(tour: TourDoc): TourBookingSettings {
  const b = tour.booking ?? {};
  const roundTrip = fares(b.roundTrip);
  const oneWay = b.oneWayAvailable ? fares(b.oneWay) : null;
  return {
    tourId: Number(tour.id),
    slug: tour.slug,
    mode: b.mode === 'online' ? 'online' : 'onRequest',
    priceList: roundTrip
      ? { roundTrip, ...(oneWay ? { oneWay } : {}), audioGuideCents: b.audioGuideCents ?? undefined }
      : null,
    boardingMinutesBefore: b.boardingMinutesBefore ?? 15,
    bookingClosesMinutesBefore: b.bookingClosesMinutesBefore ?? 10,
    selfChangeHoursBefore:
      typeof b.selfChangeHoursBefore === 'number' && Number.isSafeInteger(b.selfChangeHoursBefore)
        ? b.selfChangeHoursBefore
        : null,
    vatRatePct: typeof b.vatRatePct === 'number' ? b.vatRatePct : null,
    audioGuideVatRatePct: typeof b.audioGuideVatRatePct === 'number' ? b.audioGuideVatRatePct : null,
    taxTreatment: typeof b.taxTreatment === 'string' ? b.taxTreatment : null,
  };
}

/** The shop settings of a tour, straight from its row: the hot path of every hold reads them. */
export async function loadTourSettings(payload: Payload, tourId: number): Promise<TourBookingSettings | null> {
  return readTourSettings(shopDb(payload), tourId);
}

/** The same, inside a transaction (invoicing prices a booking's lines in the paying one). */
export async function readTourSettings(target: Pick<Tx, 'query'>, tourId: number): Promise<TourBookingSettings | null> {
  const { rows } = await target.query(
    `SELECT id, slug, booking_mode, booking_round_trip_adult, booking_round_trip_reduced, booking_round_trip_child,
       booking_one_way_available, booking_one_way_adult, booking_one_way_reduced, booking_one_way_child,
       booking_audio_guide_cents, booking_boarding_minutes_before, booking_booking_closes_minutes_before,
       booking_self_change_hours_before, booking_vat_rate_pct, booking_audio_guide_vat_rate_pct,
       booking_tax_treatment
     FROM tours WHERE id = ?`,
    [tourId],
  );
  const row = rows[0];
  if (!row) return null;
  const n = (value: unknown) => optNum(value);
  return tourBookingSettings({
    id: num(row.id),
    slug: str(row.slug),
    booking: {
      mode: str(row.booking_mode),
      roundTrip: {
        adult: n(row.booking_round_trip_adult),
        reduced: n(row.booking_round_trip_reduced),
        child: n(row.booking_round_trip_child),
      },
      oneWayAvailable: bool(row.booking_one_way_available),
      oneWay: {
        adult: n(row.booking_one_way_adult),
        reduced: n(row.booking_one_way_reduced),
        child: n(row.booking_one_way_child),
      },
      audioGuideCents: n(row.booking_audio_guide_cents),
      boardingMinutesBefore: n(row.booking_boarding_minutes_before),
      bookingClosesMinutesBefore: n(row.booking_booking_closes_minutes_before),
      selfChangeHoursBefore: n(row.booking_self_change_hours_before),
      vatRatePct: n(row.booking_vat_rate_pct),
      audioGuideVatRatePct: n(row.booking_audio_guide_vat_rate_pct),
      taxTreatment: row.booking_tax_treatment === null ? null : str(row.booking_tax_treatment),
    },
  });
}
