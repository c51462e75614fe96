import type { Field, NumberField } from 'payload';

import { AUDIO_GUIDE_CENTS } from '../booking/pricing';
import {
  BOARDING_MINUTES_BEFORE,
  BOOKING_CLOSES_MINUTES_BEFORE,
  SELF_CHANGE_HOURS_BEFORE,
} from '../booking/booking-window';

import { DEFAULT_TAX_TREATMENT, type TaxTreatment } from '../invoicing/tour-vat';
import { partsProblem } from '../partners/agreement';

import { euroCentsComponents } from './euro-cents';

type PartRow = {
  partner?: number | { id: number } | null;
  adultCents?: number | null;
  reducedCents?: number | null;
  childCents?: number | null;
};

export const bookingModes = ['online', 'onRequest'] as const;
export type BookingMode = (typeof bookingModes)[number];

function cents(name: string, label: string, required: boolean): NumberField {
  return {
    name,
    label,
    type: 'number',
    required,
    min: 0,
    max: 100_000,
    admin: { description: 'In euros (12,50); stored in cents.', components: euroCentsComponents },
    validate: (value: number | null | undefined) =>
      value === null || value === undefined
        ? required
          ? 'Required'
          : true
        : Number.isSafeInteger(value) && value >= 0
          ? true
          : 'A whole number of cents',
  };
}

/** A VAT rate in percent with at most two decimals (TipoImpositivo); empty: the configured default. */
function vatRate(name: string, label: string, description: string): NumberField {
  return {
    name,
    label,
    type: 'number',
    min: 0,
    max: 100,
    admin: { description, step: 0.01 },
    validate: (value: number | null | undefined) =>
      value === null || value === undefined
        ? true
        : Number.isFinite(value) && value >= 0 && value <= 100 && Math.abs(Math.round(value * 100) - value * 100) < 1e-6
          ? true
          : 'Between 0 and 100, with at most two decimals',
  };
}

function fares(name: string, label: string, required: boolean): Field {
  return {
    name,
    label,
    type: 'group',
    fields: [
      {
        type: 'row',
        fields: [
          cents('adult', 'Adult', required),
          cents('reduced', 'Students and retirees', required),
          cents('child', 'Child', required),
        ],
      },
    ],
  };
}

/**
 * The ticket shop's settings of a tour, kept out of Tours.ts so the content and the shop can
 * change independently. Prices are integer cents (docs/domain-rules.md#money); a tour sells one-way
 * tickets only when `oneWayAvailable` is ticked and its fares are filled in.
 */
export const tourBookingFields: Field[] = [
  {
    name: 'booking',
    type: 'group',
    label: 'Ticket shop',
    fields: [
      {
        name: 'mode',
        type: 'select',
        required: true,
        defaultValue: 'onRequest',
        options: [
          { label: 'Online tickets', value: 'online' },
          { label: 'On request', value: 'onRequest' },
        ],
      },
      fares('roundTrip', 'Round trip prices', false),
      { name: 'oneWayAvailable', type: 'checkbox', defaultValue: false, label: 'Also sells one-way tickets' },
      {
        ...fares('oneWay', 'One-way prices', false),
        admin: { condition: (_, sibling) => Boolean(sibling?.oneWayAvailable) },
      } as Field,
      { ...cents('audioGuideCents', 'Audio guide', true), defaultValue: AUDIO_GUIDE_CENTS },
      // Issue 41: how the tour is taxed sets its tickets' VAT and the simplified invoice's limit
      // (src/invoicing/tour-vat.ts, docs/decisions/164-tax-treatment-and-full-invoices.md); the
      // operator confirms it with the AEAT. Invoices, the book, reports and OCTO follow it.
      {
        name: 'taxTreatment',
        label: 'Tax treatment',
        type: 'select',
        required: true,
        defaultValue: DEFAULT_TAX_TREATMENT,
        options: [
          { label: 'Passenger transport', value: 'passengerTransport' },
          { label: 'Other tourist service', value: 'tourism' },
        ] satisfies { label: string; value: TaxTreatment }[],
        admin: {
          description:
            'Passenger transport: 10 % VAT, simplified invoices up to 3,000 €. Other tourist service (a leisure trip that is not transport): 21 % VAT, simplified invoices up to 400 €; above the limit the sale asks for the buyer’s name, tax id and address. Confirm it with the AEAT (a consulta vinculante).',
        },
      },
      // Issue 44: a combined tour is the boat plus one or more partner parts (the Aquarium, a
      // museum, a meal), each with its share of every category's price (src/partners/agreement.ts,
      // docs/decisions/175-partners-and-combined-tours.md). Each ticket sold carries one admission
      // per part; the invoice splits the price by part and follows each partner's tax treatment.
      {
        name: 'partnerParts',
        label: 'Partner parts (combined tour)',
        type: 'array',
        labels: { singular: 'Partner part', plural: 'Partner parts' },
        admin: {
          description:
            'Empty: a boat trip only. Each part: its partner and its share of each category’s price, VAT included; the boat keeps the rest.',
          initCollapsed: true,
        },
        validate: (value: unknown, { siblingData }: { siblingData: unknown }) => {
          const rows = Array.isArray(value) ? (value as PartRow[]) : [];
          const booking = (siblingData ?? {}) as {
            roundTrip?: Partial<Record<'adult' | 'reduced' | 'child', number | null>>;
            oneWayAvailable?: boolean;
            oneWay?: Partial<Record<'adult' | 'reduced' | 'child', number | null>>;
          };
          const parts = rows.map((row) => ({
            partnerId: typeof row.partner === 'object' && row.partner ? Number(row.partner.id) : Number(row.partner),
            shareCents: {
              adult: row.adultCents ?? 0,
              reduced: row.reducedCents ?? 0,
              child: row.childCents ?? 0,
              super3: 0,
            },
          }));
          const fares = [booking.roundTrip ?? {}, ...(booking.oneWayAvailable ? [booking.oneWay ?? {}] : [])];
          const problem = partsProblem(parts, fares);
          if (problem === 'samePartnerTwice') return 'Each partner once per tour';
          if (problem === 'shareAbovePrice') return 'The partner parts add up to more than a price';
          return true;
        },
        fields: [
          {
            name: 'partner',
            label: 'Partner',
            type: 'relationship',
            relationTo: 'partners',
            required: true,
            // A partner and its agreement are made in Partners, not from inside a tour (Payload's
            // "create new" drawer would also name the collection "[object Object]" in Catalan).
            admin: { allowCreate: false },
          },
          {
            type: 'row',
            fields: [
              cents('adultCents', 'Adult', true),
              cents('reducedCents', 'Students and retirees', true),
              cents('childCents', 'Child', true),
            ],
          },
        ],
      },
      // Issue 27: the VAT the tour's invoices charge (src/invoicing/tour-vat.ts), per tour because a
      // tour may be taxed otherwise (leisure rather than transport); fixed on each invoice as issued.
      {
        type: 'row',
        fields: [
          vatRate('vatRatePct', 'Ticket VAT (%)', 'Empty: the rate of the tax treatment (10 % or 21 %).'),
          vatRate(
            'audioGuideVatRatePct',
            'Audio guide VAT (%)',
            'Empty: the default rate in the configuration (INVOICE_AUDIO_GUIDE_VAT_PCT).',
          ),
        ],
      },
      {
        type: 'row',
        fields: [
          {
            name: 'boardingMinutesBefore',
            type: 'number',
            required: true,
            min: 0,
            max: 180,
            defaultValue: BOARDING_MINUTES_BEFORE,
          },
          {
            name: 'bookingClosesMinutesBefore',
            type: 'number',
            required: true,
            min: 0,
            max: 24 * 60,
            defaultValue: BOOKING_CLOSES_MINUTES_BEFORE,
          },
          {
            name: 'selfChangeHoursBefore',
            type: 'number',
            min: 0,
            max: 30 * 24,
            defaultValue: SELF_CHANGE_HOURS_BEFORE,
            validate: (value: number | null | undefined) =>
              value === null || value === undefined || (Number.isSafeInteger(value) && value >= 0)
                ? true
                : 'A whole number of hours',
            admin: {
              step: 1,
              description:
                'Visitors may change the date or time of their booking online until this many hours before departure. Empty: only the office changes bookings.',
            },
          },
        ],
      },
    ],
  },
];
