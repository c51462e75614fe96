import { randomCode } from '../booking/codes';
import { date, iso, num, optNum, str, type Tx } from '../booking/db';
import type { TicketCategory } from '../booking/pricing';
import { madridToday, type LocalDate } from '../i18n/time';

import { owedPerAdmission, validityWindow, type Agreement, type PartnerTaxTreatment, type TourPart } from './agreement';
import { claimPartnerCode } from './codes-repository';
import { partsOfTour, type PartnerRecord } from './partners-repository';
import type { SettlementAdmission } from './settlement';

/**
 * The admissions table (docs/decisions/132-one-repository-per-table.md): one row per ticket and
 * partner part of a combined tour, issued with the ticket in the paying transaction.
 */

export type Admission = {
  id: number;
  code: string;
  supplied: boolean;
  ticketId: number;
  bookingId: number;
  partnerId: number;
  category: TicketCategory;
  shareCents: number;
  owedCents: number;
  taxTreatment: PartnerTaxTreatment;
  vatRatePct: number | null;
  validFrom: LocalDate;
  validUntil: LocalDate;
  usedAt: Date | null;
  usedById: number | null;
  voidedAt: Date | null;
  /** Used, yet its share went back to the visitor (decision 181). */
  refundedAt: Date | null;
};

const COLUMNS = `id, code, supplied, ticket_id, booking_id, partner_id, category, share_cents, owed_cents,
  tax_treatment, vat_rate_pct, valid_from, valid_until, used_at, used_by_id, voided_at, refunded_at`;

function admissionFromRow(row: Record<string, unknown>): Admission {
  return {
    id: num(row.id),
    code: str(row.code),
    supplied: row.supplied === true || row.supplied === 1 || row.supplied === '1',
    ticketId: num(row.ticket_id),
    bookingId: num(row.booking_id),
    partnerId: num(row.partner_id),
    category: str(row.category) as TicketCategory,
    shareCents: num(row.share_cents),
    owedCents: num(row.owed_cents),
    taxTreatment: str(row.tax_treatment) === 'resale' ? 'resale' : 'agency',
    vatRatePct: optNum(row.vat_rate_pct),
    validFrom: str(row.valid_from),
    validUntil: str(row.valid_until),
    usedAt: row.used_at ? date(row.used_at) : null,
    usedById: optNum(row.used_by_id),
    voidedAt: row.voided_at ? date(row.voided_at) : null,
    refundedAt: row.refunded_at ? date(row.refunded_at) : null,
  };
}

/** Every admission of a booking, by ticket then part, as issued. */
export async function admissionsOfBooking(target: Pick<Tx, 'query'>, bookingId: number): Promise<Admission[]> {
  const { rows } = await target.query(`SELECT ${COLUMNS} FROM admissions WHERE booking_id = ? ORDER BY id`, [
    bookingId,
  ]);
  return rows.map(admissionFromRow);
}

export type IssuedAdmission = Admission & { partner: PartnerRecord };

/**
 * One admission per ticket of the booking and partner part of its tour, for each valid ticket
 * and part that has none in force yet (after a move, once those of the tickets it `replaced`
 * followed the new ones: carryAdmissions): called in the transaction that issues the tickets (insertTickets),
 * so a sale, a box-office sale, a reseller's confirmation and a move all issue them with the
 * tickets, or nothing. A part checked with supplied codes takes the partner's next unused code;
 * when the batch ran dry after the sale was accepted (decision 175), the admission carries our own
 * code, which the partner's door screen checks like any other, and the office is told.
 */
export async function issueAdmissions(
  tx: Tx,
  bookingId: number,
  now: Date,
  replaced: readonly string[] = [],
): Promise<IssuedAdmission[]> {
  await carryAdmissions(tx, bookingId, replaced, now);
  const { rows: bookingRows } = await tx.query(
    `SELECT b.tour_id, d.local_date FROM bookings b JOIN departures d ON d.id = b.departure_id WHERE b.id = ?`,
    [bookingId],
  );
  const booking = bookingRows[0];
  if (!booking) return [];
  const parts = await partsOfTour(tx, num(booking.tour_id));
  if (parts.length === 0) return [];
  const tripDay = str(booking.local_date);
  const { rows: tickets } = await tx.query(
    `SELECT t.id, t.category FROM tickets t WHERE t.booking_id = ? AND t.voided_at IS NULL ORDER BY t.id`,
    [bookingId],
  );
  // Per ticket and part: a move's new ticket may already carry some of its parts (carryAdmissions).
  const { rows: held } = await tx.query(
    `SELECT a.ticket_id, a.partner_id FROM admissions a JOIN tickets t ON t.id = a.ticket_id
     WHERE t.booking_id = ? AND t.voided_at IS NULL AND a.voided_at IS NULL`,
    [bookingId],
  );
  const has = new Set(held.map((row) => `${num(row.ticket_id)}:${num(row.partner_id)}`));
  const issued: IssuedAdmission[] = [];
  for (const ticket of tickets) {
    const category = str(ticket.category) as TicketCategory;
    for (const part of parts) {
      if (has.has(`${num(ticket.id)}:${part.partnerId}`)) continue;
      const admission = await insertAdmission(tx, {
        ticketId: num(ticket.id),
        bookingId,
        category,
        part,
        tripDay,
        now,
      });
      issued.push({ ...admission, partner: part.partner });
    }
  }
  return issued;
}

async function insertAdmission(
  tx: Tx,
  input: {
    ticketId: number;
    bookingId: number;
    category: TicketCategory;
    part: TourPart & { partner: PartnerRecord };
    tripDay: LocalDate;
    now: Date;
  },
): Promise<Admission> {
  const agreement: Agreement = input.part.partner.agreement;
  const supplied =
    agreement.check === 'partnerCodes' ? await claimPartnerCode(tx, input.part.partnerId, input.now) : null;
  const shareCents = input.part.shareCents[input.category];
  const window = validityWindow(agreement, input.tripDay);
  const { rows } = await tx.query(
    `INSERT INTO admissions (code, supplied, ticket_id, booking_id, partner_id, category, share_cents, owed_cents,
       tax_treatment, vat_rate_pct, valid_from, valid_until, updated_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
    [
      supplied ?? randomCode(20),
      supplied !== null,
      input.ticketId,
      input.bookingId,
      input.part.partnerId,
      input.category,
      shareCents,
      owedPerAdmission(agreement, input.category, shareCents),
      agreement.taxTreatment,
      agreement.taxTreatment === 'resale' ? agreement.resaleVatRatePct : null,
      window.from,
      window.until,
      iso(input.now),
      iso(input.now),
    ],
  );
  return admissionFromRow(rows[0]!);
}

/**
 * A move's admissions (decision 185): the admissions of the tickets a move replaced follow the
 * visitor to the new tickets instead of being issued again. Each keeps its row, so its code (ours,
 * or the partner's supplied code: no new one is claimed) and, once used, its use: a used
 * admission stays used and keeps its days and amounts as sold; an unused one is re-dated by its
 * partner's validity rule from the new trip's day and takes the new tour's share of the price
 * (decision 186). Each goes to a new ticket of its category
 * that has none of its partner yet, used ones first; what finds none (fewer people, another
 * category, a tour without that partner) is voided if unused, and a used one stays with its old
 * ticket, held (decision 181). An unused admission whose last valid day was over before the move
 * (a disrupted visitor choosing a new day after it) is voided too and issued again: re-dating it
 * would change a month's settlement already sent (decision 179). `replaced`: the codes of the
 * tickets the move voided; issueAdmissions calls it, once the new tickets are inserted, before it
 * issues what they still lack.
 */
async function carryAdmissions(
  tx: Tx,
  bookingId: number,
  replaced: readonly string[],
  now: Date,
): Promise<{ kept: number; voided: number }> {
  const result = { kept: 0, voided: 0 };
  if (replaced.length === 0) return result;
  const codes = replaced.map(() => '?').join(', ');
  const { rows: carried } = await tx.query(
    `SELECT ${COLUMNS} FROM admissions
     WHERE booking_id = ? AND voided_at IS NULL
       AND ticket_id IN (SELECT id FROM tickets WHERE booking_id = ? AND code IN (${codes}))
     ORDER BY CASE WHEN used_at IS NULL THEN 1 ELSE 0 END, id`,
    [bookingId, bookingId, ...replaced],
  );
  if (carried.length === 0) return result;
  const { rows: bookingRows } = await tx.query(
    `SELECT b.tour_id, d.local_date FROM bookings b JOIN departures d ON d.id = b.departure_id WHERE b.id = ?`,
    [bookingId],
  );
  const booking = bookingRows[0];
  const parts = booking ? await partsOfTour(tx, num(booking.tour_id)) : [];
  const tripDay = booking ? str(booking.local_date) : '';
  const { rows: tickets } = await tx.query(
    `SELECT t.id, t.category FROM tickets t
     WHERE t.booking_id = ? AND t.voided_at IS NULL AND t.code NOT IN (${codes})
     ORDER BY t.id`,
    [bookingId, ...replaced],
  );
  const taken = new Set<string>();
  const today = madridToday(now);
  for (const row of carried) {
    const admission = admissionFromRow(row);
    const part = parts.find((candidate) => candidate.partnerId === admission.partnerId);
    const lapsed = admission.usedAt === null && admission.validUntil < today;
    const ticket =
      part && !lapsed
        ? tickets.find(
            (candidate) =>
              str(candidate.category) === admission.category &&
              !taken.has(`${num(candidate.id)}:${admission.partnerId}`),
          )
        : undefined;
    if (!part || !ticket) {
      if (admission.usedAt === null) {
        result.voided += (
          await tx.query(
            'UPDATE admissions SET voided_at = ?, updated_at = ? WHERE id = ? AND voided_at IS NULL AND used_at IS NULL',
            [iso(now), iso(now), admission.id],
          )
        ).rowsAffected;
      }
      continue;
    }
    taken.add(`${num(ticket.id)}:${admission.partnerId}`);
    if (admission.usedAt !== null) {
      await tx.query('UPDATE admissions SET ticket_id = ?, updated_at = ? WHERE id = ?', [
        num(ticket.id),
        iso(now),
        admission.id,
      ]);
    } else {
      // Only while still unused: a door that admits it in the meantime keeps its days and its
      // amounts (the conditional UPDATE of door.ts and this one serialise on the row). An unused
      // one takes the new tour's share of the price, which is what the visitor now pays for it,
      // and what the agreement owes the partner for that share; a used one stays as sold.
      const window = validityWindow(part.partner.agreement, tripDay);
      const shareCents = part.shareCents[admission.category];
      const { rowsAffected } = await tx.query(
        `UPDATE admissions SET ticket_id = ?, valid_from = ?, valid_until = ?, share_cents = ?, owed_cents = ?,
           updated_at = ?
         WHERE id = ? AND used_at IS NULL`,
        [
          num(ticket.id),
          window.from,
          window.until,
          shareCents,
          owedPerAdmission(part.partner.agreement, admission.category, shareCents),
          iso(now),
          admission.id,
        ],
      );
      if (rowsAffected === 0) {
        await tx.query('UPDATE admissions SET ticket_id = ?, updated_at = ? WHERE id = ?', [
          num(ticket.id),
          iso(now),
          admission.id,
        ]);
      }
    }
    result.kept += 1;
  }
  return result;
}

/** Voids every admission of a booking not yet used nor voided: they no longer open the door. */
export async function voidAdmissions(tx: Tx, bookingId: number, now: Date): Promise<number> {
  const { rowsAffected } = await tx.query(
    'UPDATE admissions SET voided_at = ?, updated_at = ? WHERE booking_id = ? AND voided_at IS NULL AND used_at IS NULL',
    [iso(now), iso(now), bookingId],
  );
  return rowsAffected;
}

/** A used admission whose share the booking still holds: neither voided nor given back to the visitor. */
export type UsedPart = {
  id: number;
  partnerId: number;
  partner: string;
  category: TicketCategory;
  shareCents: number;
  taxTreatment: PartnerTaxTreatment;
  /** The partner's agreement gives a used admission's share back in a full refund (decision 181). */
  refundable: boolean;
};

/** The used admissions of a booking whose shares it still holds, oldest first. */
export async function usedPartsHeld(target: Pick<Tx, 'query'>, bookingId: number): Promise<UsedPart[]> {
  const { rows } = await target.query(
    `SELECT a.id, a.partner_id, p.name, a.category, a.share_cents, a.tax_treatment, p.agreement_used_refundable
     FROM admissions a JOIN partners p ON p.id = a.partner_id
     WHERE a.booking_id = ? AND a.used_at IS NOT NULL AND a.voided_at IS NULL AND a.refunded_at IS NULL
     ORDER BY a.id`,
    [bookingId],
  );
  return rows.map((row) => ({
    id: num(row.id),
    partnerId: num(row.partner_id),
    partner: str(row.name),
    category: str(row.category) as TicketCategory,
    shareCents: num(row.share_cents),
    taxTreatment: str(row.tax_treatment) === 'resale' ? 'resale' : 'agency',
    refundable: [true, 1, '1'].includes(row.agreement_used_refundable as never),
  }));
}

/** Marks used admissions as given back to the visitor: their shares leave what the booking holds. */
export async function markUsedPartsRefunded(tx: Tx, ids: readonly number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const { rowsAffected } = await tx.query(
    `UPDATE admissions SET refunded_at = ?, updated_at = ?
     WHERE id IN (${ids.map(() => '?').join(', ')}) AND refunded_at IS NULL`,
    [iso(now), iso(now), ...ids],
  );
  return rowsAffected;
}

/** A booking's partner parts as a refund notice tells them: given back, or kept because used. */
export type RefundedPart = { partner: string; quantity: number; cents: number; kept: boolean };

/**
 * Per partner, the parts of a booking no longer held (voided unused, or used and given back) and
 * the used ones it keeps; for a cancelled booking's refund notice and the office.
 */
export async function refundedPartsOfBooking(target: Pick<Tx, 'query'>, bookingId: number): Promise<RefundedPart[]> {
  const { rows } = await target.query(
    `SELECT p.name, CASE WHEN a.voided_at IS NULL AND a.refunded_at IS NULL THEN 1 ELSE 0 END AS kept,
       COUNT(*) AS n, SUM(a.share_cents) AS cents
     FROM admissions a JOIN partners p ON p.id = a.partner_id
     WHERE a.booking_id = ? AND (a.voided_at IS NOT NULL OR a.used_at IS NOT NULL)
     GROUP BY p.name, a.partner_id, CASE WHEN a.voided_at IS NULL AND a.refunded_at IS NULL THEN 1 ELSE 0 END
     ORDER BY a.partner_id`,
    [bookingId],
  );
  return rows.map((row) => ({
    partner: str(row.name),
    kept: num(row.kept) === 1,
    quantity: num(row.n),
    cents: num(row.cents),
  }));
}

/**
 * The partner parts a booking holds, from its admissions still valid (not voided; a used one
 * counts: the partner let the visitor in, unless its share went back to the visitor). Agency parts are money collected in the partner's name
 * and on its behalf, outside our taxable base; resale parts are our sale at their own VAT rate
 * (decision 175). `partsByCategory` is what the parts take from each category's price in all.
 */
export type PartnerMoney = {
  agencyCents: number;
  agency: { partnerId: number; name: string; legalName: string; taxId: string; cents: number }[];
  resale: {
    partnerId: number;
    name: string;
    category: TicketCategory;
    quantity: number;
    unitCents: number;
    ratePct: number;
  }[];
  partsByCategory: Partial<Record<TicketCategory, number>>;
  /** The booking had admissions, valid or not: a combined tour's (its rectifications go part by part). */
  combined: boolean;
};

export async function partnerMoneyOfBooking(target: Pick<Tx, 'query'>, bookingId: number): Promise<PartnerMoney> {
  const { rows } = await target.query(
    `SELECT a.partner_id, p.name, p.legal_name, p.tax_id, a.category, a.tax_treatment, a.vat_rate_pct,
       a.share_cents, COUNT(*) AS n
     FROM admissions a JOIN partners p ON p.id = a.partner_id
     WHERE a.booking_id = ? AND a.voided_at IS NULL AND a.refunded_at IS NULL
     GROUP BY a.partner_id, p.name, p.legal_name, p.tax_id, a.category, a.tax_treatment, a.vat_rate_pct, a.share_cents
     ORDER BY a.partner_id, a.category`,
    [bookingId],
  );
  const money: PartnerMoney = {
    agencyCents: 0,
    agency: [],
    resale: [],
    partsByCategory: {},
    combined: rows.length > 0,
  };
  if (!money.combined) {
    const { rows: any } = await target.query('SELECT 1 AS one FROM admissions WHERE booking_id = ? LIMIT 1', [
      bookingId,
    ]);
    money.combined = any.length > 0;
  }
  for (const row of rows) {
    const category = str(row.category) as TicketCategory;
    const quantity = num(row.n);
    const unitCents = num(row.share_cents);
    const cents = quantity * unitCents;
    money.partsByCategory[category] = (money.partsByCategory[category] ?? 0) + cents;
    if (str(row.tax_treatment) === 'resale') {
      money.resale.push({
        partnerId: num(row.partner_id),
        name: str(row.name),
        category,
        quantity,
        unitCents,
        ratePct: optNum(row.vat_rate_pct) ?? 21,
      });
    } else {
      money.agencyCents += cents;
      const known = money.agency.find((entry) => entry.partnerId === num(row.partner_id));
      if (known) known.cents += cents;
      else
        money.agency.push({
          partnerId: num(row.partner_id),
          name: str(row.name),
          legalName: str(row.legal_name),
          taxId: str(row.tax_id),
          cents,
        });
    }
  }
  return money;
}

/** The agency parts a booking holds, in SQL, for the booking row `b`: partnerMoneyOfBooking's agencyCents. */
export function agencyHeldSql(b = 'b'): string {
  return `(SELECT COALESCE(SUM(ag.share_cents), 0) FROM admissions ag
    WHERE ag.booking_id = ${b}.id AND ag.tax_treatment = 'agency' AND ag.voided_at IS NULL AND ag.refunded_at IS NULL)`;
}

/** What became of an admission: still to use, used at the partner's door, or cancelled (voided). */
export type AdmissionStatus = 'valid' | 'used' | 'cancelled';

/**
 * An admission as the visitor's tickets, e-mail, wallet pass, booking page and a reseller's OCTO
 * booking show it: its code, status and days, its partner's details in the visitor's language,
 * and the part of the ticket's price it is with its tax treatment (decision 175).
 */
export type VisitorAdmission = {
  ticketCode: string;
  /** When the admission's ticket was voided (refund, cancellation, move); null while it is valid. */
  ticketVoidedAt: Date | null;
  code: string;
  supplied: boolean;
  status: AdmissionStatus;
  usedAt: Date | null;
  partnerId: number;
  partner: string;
  address: string;
  openingHours: string;
  mapUrl: string;
  category: TicketCategory;
  shareCents: number;
  taxTreatment: PartnerTaxTreatment;
  vatRatePct: number | null;
  validFrom: LocalDate;
  validUntil: LocalDate;
};

/**
 * Every admission of a booking, whatever became of it, by ticket then part; the partner's opening
 * hours in `locale`, else Catalan. The one read behind every output the visitor or a reseller gets.
 */
export async function bookingAdmissions(
  target: Pick<Tx, 'query'>,
  bookingId: number,
  locale: string,
): Promise<VisitorAdmission[]> {
  const { rows } = await target.query(
    `SELECT t.code AS ticket_code, t.voided_at AS ticket_voided_at, a.code, a.supplied, a.used_at, a.voided_at,
       a.partner_id, p.name, p.address, p.map_url, a.category, a.share_cents, a.tax_treatment, a.vat_rate_pct,
       a.valid_from, a.valid_until, COALESCE(l.opening_hours, ca.opening_hours) AS opening_hours
     FROM admissions a JOIN tickets t ON t.id = a.ticket_id JOIN partners p ON p.id = a.partner_id
     LEFT JOIN partners_locales l ON l._parent_id = p.id AND l._locale = ?
     LEFT JOIN partners_locales ca ON ca._parent_id = p.id AND ca._locale = 'ca'
     WHERE a.booking_id = ?
     ORDER BY t.id, a.id`,
    [locale, bookingId],
  );
  return rows.map((row) => {
    const usedAt = row.used_at ? date(row.used_at) : null;
    return {
      ticketCode: str(row.ticket_code),
      ticketVoidedAt: row.ticket_voided_at ? date(row.ticket_voided_at) : null,
      code: str(row.code),
      supplied: row.supplied === true || row.supplied === 1 || row.supplied === '1',
      // A used admission stays used when its ticket is voided later: the partner let the visitor in.
      status: usedAt ? 'used' : row.voided_at ? 'cancelled' : 'valid',
      usedAt,
      partnerId: num(row.partner_id),
      partner: str(row.name),
      address: str(row.address),
      openingHours: str(row.opening_hours),
      mapUrl: str(row.map_url),
      category: str(row.category) as TicketCategory,
      shareCents: num(row.share_cents),
      taxTreatment: str(row.tax_treatment) === 'resale' ? 'resale' : 'agency',
      vatRatePct: optNum(row.vat_rate_pct),
      validFrom: str(row.valid_from),
      validUntil: str(row.valid_until),
    };
  });
}

/** The admissions the tickets carry (PDF, e-mail, wallet, OCTO): those of valid tickets, not cancelled. */
export function admissionsOnTickets<A extends Pick<VisitorAdmission, 'ticketVoidedAt' | 'status'>>(
  admissions: readonly A[],
): A[] {
  return admissions.filter((admission) => admission.ticketVoidedAt === null && admission.status !== 'cancelled');
}

/**
 * What the booking page lists, truthfully: the admissions of the booking's valid tickets whatever
 * their status; once every ticket is voided (a cancelled or refunded booking), those of its last
 * tickets, cancelled or used. Admissions of tickets replaced by a move are history, not listed.
 */
export function admissionsOfCurrentTickets<A extends Pick<VisitorAdmission, 'ticketVoidedAt'>>(
  admissions: readonly A[],
): A[] {
  const valid = admissions.filter((admission) => admission.ticketVoidedAt === null);
  if (valid.length > 0) return valid;
  const last = Math.max(...admissions.map((admission) => admission.ticketVoidedAt?.getTime() ?? 0));
  return admissions.filter((admission) => admission.ticketVoidedAt?.getTime() === last);
}

// The door (src/operations/door.ts): what a partner's staff see of an admission they check.

/** An admission as the door knows it. */
export type DoorAdmission = {
  code: string;
  partnerId: number;
  category: string;
  reference: string;
  leadName: string;
  validFrom: string;
  validUntil: string;
  usedAt: string | null;
  usedBy: string | null;
  voided: boolean;
};

const DOOR_COLUMNS = `a.id, a.code, a.partner_id, a.category, a.valid_from, a.valid_until, a.used_at, a.voided_at,
  b.reference, b.customer_name, b.customer_surnames, u.name AS by_name, u.email AS by_email`;

function doorAdmissionFromRow(row: Record<string, unknown>): DoorAdmission & { id: number } {
  const usedAt = row.used_at ? new Date(row.used_at instanceof Date ? row.used_at : String(row.used_at)) : null;
  return {
    id: Number(row.id),
    code: str(row.code),
    partnerId: Number(row.partner_id),
    category: str(row.category),
    reference: str(row.reference),
    leadName: `${str(row.customer_name)} ${str(row.customer_surnames)}`.trim(),
    validFrom: str(row.valid_from),
    validUntil: str(row.valid_until),
    usedAt: usedAt ? usedAt.toISOString() : null,
    usedBy: usedAt ? str(row.by_name) || str(row.by_email) : null,
    voided: row.voided_at !== null && row.voided_at !== undefined,
  };
}

/** The admission of `partnerId` whose code is one of `forms` (door-decision.ts's readings of what was typed). */
export async function findDoorAdmission(
  target: Pick<Tx, 'query'>,
  partnerId: number,
  forms: readonly string[],
): Promise<(DoorAdmission & { id: number }) | null> {
  if (forms.length === 0) return null;
  const { rows } = await target.query(
    `SELECT ${DOOR_COLUMNS} FROM admissions a JOIN bookings b ON b.id = a.booking_id
     LEFT JOIN users u ON u.id = a.used_by_id
     WHERE a.partner_id = ? AND a.code IN (${forms.map(() => '?').join(', ')}) ORDER BY a.id LIMIT 1`,
    [partnerId, ...forms],
  );
  return rows[0] ? doorAdmissionFromRow(rows[0]) : null;
}

/** Every admission of `partnerId` valid on a Madrid day, used, voided or not: a door's offline list. */
export async function doorAdmissionsOn(
  target: Pick<Tx, 'query'>,
  partnerId: number,
  day: string,
): Promise<(DoorAdmission & { id: number })[]> {
  const { rows } = await target.query(
    `SELECT ${DOOR_COLUMNS} FROM admissions a JOIN bookings b ON b.id = a.booking_id
     LEFT JOIN users u ON u.id = a.used_by_id
     WHERE a.partner_id = ? AND a.valid_from <= ? AND a.valid_until >= ? ORDER BY a.id`,
    [partnerId, day, day],
  );
  return rows.map(doorAdmissionFromRow);
}

// The monthly settlement (src/partners/settlement.ts): admissions of a partner with an event in a month.

/**
 * Every admission of `partnerId` sold, voided or used between `start` and `end` (UTC instants, end
 * excluded), or whose last valid day is between `first` and `last` (Madrid days, both included).
 */
export async function admissionsWithEventsBetween(
  target: Pick<Tx, 'query'>,
  partnerId: number,
  range: { start: Date; end: Date; first: LocalDate; last: LocalDate },
): Promise<SettlementAdmission[]> {
  const from = iso(range.start);
  const to = iso(range.end);
  const { rows } = await target.query(
    `SELECT ${COLUMNS}, created_at FROM admissions
     WHERE partner_id = ? AND ((created_at >= ? AND created_at < ?) OR (voided_at >= ? AND voided_at < ?)
       OR (used_at >= ? AND used_at < ?) OR (refunded_at >= ? AND refunded_at < ?)
       OR (valid_until >= ? AND valid_until <= ?))
     ORDER BY id`,
    [partnerId, from, to, from, to, from, to, from, to, range.first, range.last],
  );
  return rows.map((row) => {
    const admission = admissionFromRow(row);
    return {
      category: admission.category,
      shareCents: admission.shareCents,
      owedCents: admission.owedCents,
      taxTreatment: admission.taxTreatment,
      vatRatePct: admission.vatRatePct,
      createdAt: date(row.created_at),
      usedAt: admission.usedAt,
      voidedAt: admission.voidedAt,
      refundedAt: admission.refundedAt,
      validUntil: admission.validUntil,
    };
  });
}

/** Partners with an admission sold, voided or used between two instants, or whose validity ended in those days. */
export async function partnersWithAdmissionEvents(
  target: Pick<Tx, 'query'>,
  range: { start: Date; end: Date; first: LocalDate; last: LocalDate },
): Promise<number[]> {
  const from = iso(range.start);
  const to = iso(range.end);
  const { rows } = await target.query(
    `SELECT DISTINCT partner_id FROM admissions
     WHERE (created_at >= ? AND created_at < ?) OR (voided_at >= ? AND voided_at < ?)
       OR (used_at >= ? AND used_at < ?) OR (refunded_at >= ? AND refunded_at < ?)
       OR (valid_until >= ? AND valid_until <= ?)
     ORDER BY partner_id`,
    [from, to, from, to, from, to, from, to, range.first, range.last],
  );
  return rows.map((row) => num(row.partner_id));
}
