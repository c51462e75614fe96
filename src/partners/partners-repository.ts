import { num, optNum, str, type Tx } from '../booking/db';

import {
  admissionChecks,
  partnerTaxTreatments,
  paymentRules,
  validityRules,
  type Agreement,
  type TourPart,
} from './agreement';

/**
 * The partners table and the tours' partner parts as the shop reads them, straight from the rows
 * inside the paying transaction (docs/decisions/132-one-repository-per-table.md).
 */

export type PartnerRecord = {
  id: number;
  name: string;
  legalName: string;
  taxId: string;
  address: string;
  contactEmail: string;
  contactPhone: string;
  language: string;
  mapUrl: string;
  agreement: Agreement;
};

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;

const PARTNER_COLUMNS = `p.id, p.name, p.legal_name, p.tax_id, p.address, p.contact_email, p.contact_phone, p.language,
  p.map_url, p.agreement_payment, p.agreement_adult_cents, p.agreement_reduced_cents, p.agreement_child_cents,
  p.agreement_super3_cents, p.agreement_share_percent, p.agreement_check, p.agreement_low_codes_warning,
  p.agreement_validity, p.agreement_validity_days, p.agreement_valid_from, p.agreement_valid_until,
  p.agreement_tax_treatment, p.agreement_resale_vat_rate_pct`;

function partnerFromRow(row: Record<string, unknown>): PartnerRecord {
  const taxTreatment = oneOf(partnerTaxTreatments, row.agreement_tax_treatment, 'agency');
  return {
    id: num(row.id),
    name: str(row.name),
    legalName: str(row.legal_name),
    taxId: str(row.tax_id),
    address: str(row.address),
    contactEmail: str(row.contact_email),
    contactPhone: str(row.contact_phone),
    language: str(row.language) || 'ca',
    mapUrl: str(row.map_url),
    agreement: {
      payment: oneOf(paymentRules, row.agreement_payment, 'perAdmission'),
      perAdmissionCents: {
        adult: optNum(row.agreement_adult_cents) ?? 0,
        reduced: optNum(row.agreement_reduced_cents) ?? 0,
        child: optNum(row.agreement_child_cents) ?? 0,
        super3: optNum(row.agreement_super3_cents) ?? 0,
      },
      sharePercent: optNum(row.agreement_share_percent) ?? 100,
      check: oneOf(admissionChecks, row.agreement_check, 'ourQr'),
      lowCodesWarning: optNum(row.agreement_low_codes_warning) ?? 50,
      validity: oneOf(validityRules, row.agreement_validity, 'tripDay'),
      validityDays: optNum(row.agreement_validity_days) ?? 0,
      validFrom: row.agreement_valid_from ? str(row.agreement_valid_from) : null,
      validUntil: row.agreement_valid_until ? str(row.agreement_valid_until) : null,
      taxTreatment,
      // Resale without a rate would invoice the part at 0 %: the general rate is the safe default.
      resaleVatRatePct: taxTreatment === 'resale' ? (optNum(row.agreement_resale_vat_rate_pct) ?? 21) : null,
    },
  };
}

export async function findPartner(target: Pick<Tx, 'query'>, partnerId: number): Promise<PartnerRecord | null> {
  const { rows } = await target.query(`SELECT ${PARTNER_COLUMNS} FROM partners p WHERE p.id = ?`, [partnerId]);
  return rows[0] ? partnerFromRow(rows[0]) : null;
}

/** A combined tour's partner parts in the order set in the admin; [] for a boat trip only. */
export async function partsOfTour(
  target: Pick<Tx, 'query'>,
  tourId: number,
): Promise<(TourPart & { partner: PartnerRecord })[]> {
  const { rows } = await target.query(
    `SELECT ${PARTNER_COLUMNS}, pp.adult_cents AS part_adult, pp.reduced_cents AS part_reduced,
       pp.child_cents AS part_child
     FROM tours_booking_partner_parts pp JOIN partners p ON p.id = pp.partner_id
     WHERE pp._parent_id = ? ORDER BY pp._order`,
    [tourId],
  );
  return rows.map((row) => ({
    partnerId: num(row.id),
    shareCents: {
      adult: optNum(row.part_adult) ?? 0,
      reduced: optNum(row.part_reduced) ?? 0,
      child: optNum(row.part_child) ?? 0,
      // Super3 children travel free: their admission is part of no price.
      super3: 0,
    },
    partner: partnerFromRow(row),
  }));
}
