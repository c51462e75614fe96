/**
 * The boarding decision, one for the server and the crew's phone (docs/decisions/070-boarding.md):
 * what a scanned or typed code means, what a scan answers given what is known of the departure's
 * tickets, and the rules of the phone's offline queue.
 *
 * Pure on purpose (no Payload, no SQL, no React, no Node): the server (src/operations/boarding.ts)
 * feeds it the booking its SQL found and applies its verdict with one conditional UPDATE; the
 * phone (src/components/boarding) feeds it the departure's list it keeps in localStorage and
 * applies the verdict to that list and its queue. Both therefore answer a scan alike, and an
 * offline answer differs from the server's only where the phone cannot know (another departure's
 * booking is "unknown" to it).
 */

import { can, type WithRole } from '../security/policy';

// ---------------------------------------------------------------------------------------------
// What the server answers and the phone keeps

export type ScanResult =
  'boarded' | 'already-boarded' | 'wrong-departure' | 'not-today' | 'replaced' | 'cancelled' | 'unknown';
export type TicketCategory = 'adult' | 'reduced' | 'child' | 'super3';
export type CancelReason = 'cancelled' | 'refunded' | 'unpaid' | 'departureCancelled' | 'voided';

export type DepartureSummary = {
  id: number;
  tour: string;
  boat: string;
  /** Madrid wall-clock date and time. */
  date: string;
  time: string;
  status: string;
};

/** A departure in the crew's picker: how many are on board of how many sold. */
export type BoardingDeparture = DepartureSummary & { seatsSold: number; boarded: number };

export type BookingSummary = {
  reference: string;
  leadName: string;
  /** Every ticket of the booking and its state, so the phone can offer to board only some. */
  tickets: BoardingTicketState[];
};

export type BoardingTicketState = {
  code: string;
  category: TicketCategory;
  checkedInAt: string | null;
  checkedInBy: string | null;
  checkedInById: number | null;
};

export type ScanAnswer =
  | {
      result: 'boarded';
      /** 'ticket' when a ticket's QR was scanned, 'booking' for the booking's reference. */
      scanned: 'ticket' | 'booking';
      booking: BookingSummary;
      /** The tickets this scan boarded. */
      boarded: { code: string; category: TicketCategory }[];
      at: string;
      /** The booking's tickets that had already been boarded before this scan. */
      alreadyBoarded: BoardingTicketState[];
    }
  | {
      result: 'already-boarded';
      scanned: 'ticket' | 'booking';
      booking: BookingSummary;
      at: string;
      by: string;
    }
  | { result: 'wrong-departure'; scanned: 'ticket' | 'booking'; booking: BookingSummary; departure: DepartureSummary }
  /**
   * A crew member scanned a booking of another day: which departure it is for, and nothing about
   * who booked it (docs/decisions/128-scans-retries-and-retention.md).
   */
  | { result: 'not-today'; scanned: 'ticket' | 'booking'; departure: DepartureSummary }
  /**
   * An old ticket whose booking moved: it was replaced by new tickets, and the passenger now sails
   * on `departure`. `booking` only when the crew may see it (the same rule as not-today).
   */
  | { result: 'replaced'; scanned: 'ticket'; departure: DepartureSummary; booking?: BookingSummary }
  | { result: 'cancelled'; scanned: 'ticket' | 'booking'; booking: BookingSummary; reason: CancelReason }
  | { result: 'unknown'; code: string };

/** Why a ticket of the manifest does not board: its booking's state, or its own replacement. */
export type TicketCancelReason = Exclude<CancelReason, 'departureCancelled'>;

/**
 * One ticket of a departure's manifest: what the phone keeps to answer offline, and what the
 * server reads for the booking a scan names.
 */
export type BoardingListEntry = BoardingTicketState & {
  reference: string;
  leadName: string;
  state: 'valid' | 'boarded' | 'cancelled';
  /**
   * Set when `state` is 'cancelled': the booking's reason (every ticket of a cancelled booking
   * carries it), or 'voided' for a ticket replaced when its booking moved. Lists a phone stored
   * before this was sent lack it; their cancelled tickets read as a cancelled booking.
   */
  reason?: TicketCancelReason;
};

/**
 * A ticket of a booking that moved away from this departure: it is no longer on the departure's
 * manifest, yet the crew must hear "replaced" for it offline as they do online. The server decides
 * it with `decideScan` when the phone downloads the list, for the staff member who downloads it
 * (so `answer` carries the booking only when they may see it), and the phone gives that answer.
 */
export type ReplacedTicket = { code: string; answer: Extract<ScanAnswer, { result: 'replaced' }> };

/** A check-in made offline, as the phone queues it and `POST /api/boarding/sync` replays it. */
export type QueuedCheckIn = { code: string; tickets?: readonly string[]; scannedAt?: string };

export type ScannedAtAdjustment = 'missing' | 'invalid' | 'future' | 'beforeBoarding' | 'tooOld';

export type SyncOutcome = {
  code: string;
  answer: ScanAnswer;
  /** Set when the phone's `scannedAt` could not be right and the server's time was used instead. */
  scannedAtAdjusted?: ScannedAtAdjustment;
  /**
   * True when the server disagrees with the phone, which had boarded this offline: someone else
   * boarded it first, or it was cancelled, for another departure, or unknown. A replay of this
   * phone's own check-in (same staff member) is not a conflict.
   */
  conflict: boolean;
};

// ---------------------------------------------------------------------------------------------
// Codes

/**
 * What the crew typed or the camera read, as stored: codes are upper-case base32 without the
 * letters I, O (src/booking/holds.ts), so a typed lower-case code, spaces, dashes or a QR that
 * holds a URL ending in the code all resolve to it.
 */
export function normalizeCode(raw: string): string {
  const lastSegment =
    raw
      .trim()
      .split(/[/?#=]/)
      .filter(Boolean)
      .pop() ?? '';
  return lastSegment.replace(/[\s-]/g, '').toUpperCase().slice(0, 64);
}

/**
 * The short code the crew read off a screen: the last characters of a ticket's code or a booking's
 * reference, as the group screen shows them. Only ever looked up within the departure being boarded.
 */
export const SHORT_CODE_LENGTH = 6;

/**
 * The full ticket code or booking reference that a short code (its last six characters) stands for
 * on this departure's manifest, or null: not a short code, no match, or more than one (then the
 * crew must type the whole code rather than board a stranger).
 */
export function expandShortCode(tickets: readonly Pick<BoardingListEntry, 'code' | 'reference'>[], code: string) {
  if (code.length !== SHORT_CODE_LENGTH) return null;
  const matches = new Set<string>();
  for (const ticket of tickets) {
    if (ticket.code.endsWith(code)) matches.add(ticket.code);
    if (ticket.reference.endsWith(code)) matches.add(ticket.reference);
  }
  return matches.size === 1 ? [...matches][0]! : null;
}

/**
 * A (normalised) code as the manifest knows it: itself when a ticket or booking has it, else the
 * full code its short form stands for, else itself (unknown).
 */
export function fullCode(tickets: readonly Pick<BoardingListEntry, 'code' | 'reference'>[], code: string): string {
  if (code.length !== SHORT_CODE_LENGTH) return code;
  if (tickets.some((ticket) => ticket.code === code || ticket.reference === code)) return code;
  return expandShortCode(tickets, code) ?? code;
}

// ---------------------------------------------------------------------------------------------
// The manifest

/** A booking's state as the manifest's tickets say it: why none of its tickets board, or null. */
export function bookingCancelReason(status: string): Exclude<TicketCancelReason, 'voided'> | null {
  if (status === 'paid') return null;
  if (status === 'cancelled') return 'cancelled';
  if (status === 'refundPending' || status === 'refunded') return 'refunded';
  return 'unpaid';
}

/** A ticket as the manifest lists it, from its booking's status and its own state. */
export function manifestEntry(
  ticket: BoardingTicketState & { voided: boolean },
  booking: { reference: string; leadName: string; status: string },
): BoardingListEntry {
  const reason = bookingCancelReason(booking.status) ?? (ticket.voided ? 'voided' : null);
  return {
    code: ticket.code,
    category: ticket.category,
    checkedInAt: ticket.checkedInAt,
    checkedInBy: ticket.checkedInBy,
    checkedInById: ticket.checkedInById,
    reference: booking.reference,
    leadName: booking.leadName,
    state: reason ? 'cancelled' : ticket.checkedInAt ? 'boarded' : 'valid',
    ...(reason ? { reason } : {}),
  };
}

/** The booking a code names, with every ticket of it the manifest knows. */
export type FoundBooking = {
  scanned: 'ticket' | 'booking';
  reference: string;
  leadName: string;
  /** The departure the booking is on now, and what is known of it (null: no longer exists). */
  departureId: number;
  departure: DepartureSummary | null;
  tickets: BoardingListEntry[];
};

/**
 * The booking a (normalised) code names in a departure's manifest: a ticket's code, or a booking's
 * reference. Null when the manifest has neither: offline, that is all a phone can say.
 */
export function findInManifest(
  manifest: { departure: DepartureSummary; tickets: readonly BoardingListEntry[] },
  code: string,
): FoundBooking | null {
  if (!code) return null;
  const byTicket = manifest.tickets.find((ticket) => ticket.code === code);
  const reference = byTicket?.reference ?? code;
  const tickets = manifest.tickets.filter((ticket) => ticket.reference === reference);
  if (tickets.length === 0) return null;
  return {
    scanned: byTicket ? 'ticket' : 'booking',
    reference,
    leadName: tickets[0]!.leadName,
    departureId: manifest.departure.id,
    departure: manifest.departure,
    tickets,
  };
}

/** The tickets of a booking's reference still to board: more than one asks the crew whom. */
export function waitingToBoard(tickets: readonly BoardingListEntry[], reference: string): BoardingListEntry[] {
  return tickets.filter((ticket) => ticket.reference === reference && ticket.state === 'valid' && !ticket.checkedInAt);
}

// ---------------------------------------------------------------------------------------------
// The decision

export type ScanContext = {
  /** The departure being boarded. */
  departureId: number;
  /** Who scans: the staff policy says whose reach stops at the day they sail. */
  staff: WithRole;
  now: Date;
};

function stateOf(ticket: BoardingTicketState): BoardingTicketState {
  return {
    code: ticket.code,
    category: ticket.category,
    checkedInAt: ticket.checkedInAt,
    checkedInBy: ticket.checkedInBy,
    checkedInById: ticket.checkedInById,
  };
}

export function summaryOf(found: FoundBooking): BookingSummary {
  return { reference: found.reference, leadName: found.leadName, tickets: found.tickets.map(stateOf) };
}

/** Why the booking itself does not board (its tickets' shared reason), or null when it is paid. */
function bookingRefusal(found: FoundBooking): Exclude<TicketCancelReason, 'voided'> | null {
  for (const ticket of found.tickets) {
    if (ticket.state === 'cancelled' && ticket.reason !== 'voided') return ticket.reason ?? 'cancelled';
  }
  return null;
}

/**
 * What keeps this booking off this departure, whatever its tickets: another day (for the crew),
 * a cancelled booking, another departure, a cancelled departure. Null when nothing does.
 */
export function refusal(context: ScanContext, found: FoundBooking, code: string): ScanAnswer | null {
  const { scanned, departure } = found;
  const elsewhere = found.departureId !== context.departureId;
  // The crew's role stops at the day they sail: another day's booking is named by its departure
  // only, before anything (cancelled or not) could show its lead's name or ticket codes.
  if (elsewhere && departure && !can(context.staff, 'boarding.scan', { sailsOn: departure.date }, context.now)) {
    return { result: 'not-today', scanned, departure };
  }
  const reason = bookingRefusal(found);
  if (reason) return { result: 'cancelled', scanned, booking: summaryOf(found), reason };
  if (elsewhere) {
    if (departure) return { result: 'wrong-departure', scanned, booking: summaryOf(found), departure };
    return { result: 'unknown', code };
  }
  if (departure?.status === 'cancelled') {
    return { result: 'cancelled', scanned, booking: summaryOf(found), reason: 'departureCancelled' };
  }
  return null;
}

/**
 * A scanned ticket replaced when its booking moved (the booking, still paid, has new tickets): the
 * crew must hear that, and where the passenger sails now, not "wrong departure" at the old one.
 * Null for anything else, a ticket voided with its whole booking included (that is a cancellation).
 */
function replacement(context: ScanContext, found: FoundBooking, code: string): ScanAnswer | null {
  if (found.scanned !== 'ticket' || !found.departure || bookingRefusal(found)) return null;
  if (found.tickets.find((ticket) => ticket.code === code)?.reason !== 'voided') return null;
  if (!found.tickets.some((ticket) => ticket.reason !== 'voided')) return null;
  const elsewhere = found.departureId !== context.departureId;
  // Another day's booking is named by its departure only, as for "not today".
  const visible = !elsewhere || can(context.staff, 'boarding.scan', { sailsOn: found.departure.date }, context.now);
  return {
    result: 'replaced',
    scanned: 'ticket',
    departure: found.departure,
    ...(visible ? { booking: summaryOf(found) } : {}),
  };
}

/** A scan's verdict: an answer already, or the tickets to board (the caller boards them). */
export type Decision = { answer: ScanAnswer } | { board: string[] };

/**
 * What a scan of `raw` does, given the booking it names (null: nobody knows the code).
 * `chosen`: for a booking's reference, only these of its tickets (the crew's choice).
 */
export function decideScan(
  context: ScanContext,
  raw: string,
  found: FoundBooking | null,
  chosen?: readonly string[],
): Decision {
  const code = normalizeCode(raw);
  if (!code || !found) return { answer: { result: 'unknown', code } };
  const replaced = replacement(context, found, code);
  if (replaced) return { answer: replaced };
  const refused = refusal(context, found, code);
  if (refused) return { answer: refused };
  // A ticket replaced when its booking moved (or voided by a cancellation) never boards, even on
  // the departure its booking is on now: the visitor has new tickets.
  if (found.scanned === 'ticket' && found.tickets.find((ticket) => ticket.code === code)?.reason === 'voided') {
    return { answer: { result: 'cancelled', scanned: 'ticket', booking: summaryOf(found), reason: 'voided' } };
  }
  const picked = chosen?.map(normalizeCode);
  const board =
    found.scanned === 'ticket'
      ? [code]
      : found.tickets
          .filter((ticket) => ticket.reason !== 'voided')
          .map((ticket) => ticket.code)
          .filter((c) => !picked || picked.includes(c));
  if (board.length === 0) return { answer: { result: 'unknown', code } };
  return { board };
}

/**
 * The answer once the tickets were boarded, or not: `found` as it is after the attempt (who boarded
 * what and when), `boarded` the tickets this scan boarded. Boarding nothing means someone was
 * first, or the booking changed meanwhile.
 */
export function afterBoarding(
  context: ScanContext,
  raw: string,
  found: FoundBooking,
  wanted: readonly string[],
  boarded: readonly { code: string; category: TicketCategory }[],
  at: string,
): ScanAnswer {
  const code = normalizeCode(raw);
  if (boarded.length > 0) {
    const boardedNow = new Set(boarded.map((ticket) => ticket.code));
    return {
      result: 'boarded',
      scanned: found.scanned,
      booking: summaryOf(found),
      boarded: [...boarded],
      at,
      alreadyBoarded: found.tickets
        .filter((ticket) => wanted.includes(ticket.code) && !boardedNow.has(ticket.code) && ticket.checkedInAt)
        .map(stateOf),
    };
  }
  const changed = refusal(context, found, code);
  if (changed) return changed;
  const first = found.tickets
    .filter((ticket) => wanted.includes(ticket.code) && ticket.checkedInAt)
    .sort((a, b) => Date.parse(a.checkedInAt!) - Date.parse(b.checkedInAt!))[0];
  if (!first) return { result: 'unknown', code };
  return {
    result: 'already-boarded',
    scanned: found.scanned,
    booking: summaryOf(found),
    at: first.checkedInAt!,
    by: first.checkedInBy ?? '',
  };
}

// ---------------------------------------------------------------------------------------------
// The phone's offline list and its queue

export type StaffOnPhone = { id: number; name: string; role: string };

/**
 * A scan answered from the phone's list: the same decision as the server's, boarding in the list
 * what the server's conditional update would board (the tickets not boarded yet), and the check-in
 * to queue for `POST /api/boarding/sync` (null when nothing was boarded: nothing to replay).
 */
export function scanOffline(
  manifest: {
    departure: DepartureSummary;
    tickets: readonly BoardingListEntry[];
    /** Lists a phone stored before these were sent lack them: such a code reads as unknown. */
    replaced?: readonly ReplacedTicket[];
  },
  input: { raw: string; chosen?: readonly string[]; staff: StaffOnPhone; at: string },
): { answer: ScanAnswer; tickets: BoardingListEntry[]; queued: QueuedCheckIn | null } {
  const context: ScanContext = { departureId: manifest.departure.id, staff: input.staff, now: new Date(input.at) };
  const code = fullCode(manifest.tickets, normalizeCode(input.raw));
  const found = findInManifest(manifest, code);
  const decision = decideScan(context, code, found, input.chosen);
  if ('answer' in decision || !found) {
    const answer = 'answer' in decision ? decision.answer : ({ result: 'unknown', code } as const);
    return {
      answer: answer.result === 'unknown' ? (replacedAnswer(manifest.replaced, code) ?? answer) : answer,
      tickets: [...manifest.tickets],
      queued: null,
    };
  }
  const toBoard = found.tickets.filter((ticket) => decision.board.includes(ticket.code) && !ticket.checkedInAt);
  const codes = new Set(toBoard.map((ticket) => ticket.code));
  const mark = (ticket: BoardingListEntry): BoardingListEntry =>
    codes.has(ticket.code)
      ? {
          ...ticket,
          state: 'boarded',
          checkedInAt: input.at,
          checkedInBy: input.staff.name,
          checkedInById: input.staff.id,
        }
      : ticket;
  const tickets = manifest.tickets.map(mark);
  const answer = afterBoarding(
    context,
    code,
    { ...found, tickets: found.tickets.map(mark) },
    decision.board,
    toBoard.map((ticket) => ({ code: ticket.code, category: ticket.category })),
    input.at,
  );
  return {
    answer,
    tickets,
    // A booking's reference is queued with the tickets boarded here: replayed later it must not
    // board a ticket the crew left ashore, nor one this phone had not seen yet.
    queued:
      toBoard.length > 0
        ? { code, ...(found.scanned === 'booking' ? { tickets: [...codes] } : {}), scannedAt: input.at }
        : null,
  };
}

/** The server's "replaced" answer for a code of a booking that moved away, or null. */
function replacedAnswer(replaced: readonly ReplacedTicket[] | undefined, code: string): ScanAnswer | null {
  return replaced?.find((ticket) => ticket.code === code)?.answer ?? null;
}

/**
 * The tickets of bookings that moved away from `departureId` (`moved`: each booking as it is now,
 * on its new departure) that a scan there answers "replaced", with that answer: what the phone
 * keeps beside the departure's list. The decision is `decideScan`'s, the one a scan online makes.
 */
export function replacedTickets(
  context: ScanContext,
  moved: readonly Omit<FoundBooking, 'scanned'>[],
): ReplacedTicket[] {
  const replaced: ReplacedTicket[] = [];
  for (const booking of moved) {
    if (booking.departureId === context.departureId) continue;
    for (const ticket of booking.tickets) {
      if (ticket.reason !== 'voided') continue;
      const decision = decideScan(context, ticket.code, { ...booking, scanned: 'ticket' });
      if ('answer' in decision && decision.answer.result === 'replaced') {
        replaced.push({ code: ticket.code, answer: decision.answer });
      }
    }
  }
  return replaced;
}

/**
 * The server's word over the phone's: each ticket an answer describes takes the server's check-in
 * (who, when, or not at all, when the phone boarded it offline and the server refused), and a
 * cancelled booking's tickets stop boarding. An answer about another departure's booking
 * (wrong-departure) says nothing about this list.
 */
export function applyAnswer(tickets: readonly BoardingListEntry[], answer: ScanAnswer): BoardingListEntry[] {
  if (!('booking' in answer) || !answer.booking || answer.result === 'wrong-departure') return [...tickets];
  const states = new Map(answer.booking.tickets.map((ticket) => [ticket.code, ticket]));
  const bookingReason =
    answer.result === 'cancelled' && answer.reason !== 'voided' && answer.reason !== 'departureCancelled'
      ? answer.reason
      : null;
  return tickets.map((ticket): BoardingListEntry => {
    const server = states.get(ticket.code);
    if (!server) return ticket;
    const merged = { ...ticket, ...stateOf(server) };
    if (bookingReason) return { ...merged, state: 'cancelled', reason: bookingReason };
    if (ticket.state === 'cancelled') return merged;
    return { ...merged, state: server.checkedInAt ? 'boarded' : 'valid' };
  });
}

/** The list after a sync: each replayed check-in's answer, in the order the server gave them. */
export function applySync(tickets: readonly BoardingListEntry[], outcomes: readonly SyncOutcome[]) {
  return outcomes.reduce<BoardingListEntry[]>((list, outcome) => applyAnswer(list, outcome.answer), [...tickets]);
}

/**
 * How long this phone gives the same answer again to the same code, rather than asking anew: a QR
 * left in front of the camera, or shown twice by a hesitant passenger, is one scan. Asked again,
 * the server would rightly say "already boarded" (by this very crew member), which reads at the
 * gangway as a second passenger on the same ticket. Past the window the answer is asked anew.
 */
export const REPEAT_SCAN_MS = 15_000;

/** What a scan asked, on this phone: the departure, the code and the crew's choice of tickets. */
export function scanKey(departureId: number, code: string, chosen?: readonly string[]): string {
  return [departureId, normalizeCode(code), ...(chosen ? [...chosen].map(normalizeCode).sort() : [])].join(' ');
}

/** The answer this phone gave to the same scan within the window, to show again; else null. */
export function repeatedAnswer<T>(
  last: { key: string; at: number; shown: T } | null,
  key: string,
  now: number,
): T | null {
  if (!last || last.key !== key) return null;
  return now - last.at >= 0 && now - last.at < REPEAT_SCAN_MS ? last.shown : null;
}

/**
 * The queue once `sent` check-ins reached the server: only those leave it; check-ins made while
 * they were on their way stay, in order. A partner's door queues its admissions alike. (Appending only, the queue's first `sent` are those sent.)
 */
export function afterSend<T = QueuedCheckIn>(queue: readonly T[], sent: number): T[] {
  return queue.slice(sent);
}

/**
 * How far an offline phone's clock is trusted (docs/decisions/128-scans-retries-and-retention.md).
 * A check-in's time is the phone's word: it decides who boarded first and what the audit log and
 * the manifest show. A phone's clock may be a little ahead (clock skew); a queue lives a day at
 * most (the phone drops it with the departure's list); and nobody boards long before the
 * departure's boarding time. Outside those bounds the phone cannot be right, and the check-in
 * takes the moment the server received it (it is not refused: the passenger is on board).
 */
export const CLOCK_SKEW_MS = 2 * 60_000;
export const OFFLINE_QUEUE_LIFETIME_MS = 24 * 3600_000;
/** Crew may open the gangway early; an hour before the boarding time is the earliest believable. */
export const EARLY_BOARDING_MS = 60 * 60_000;

export function offlineInstant(
  scannedAt: string | undefined,
  now: Date,
  boardingOpensAt?: Date | null,
): { at: Date; adjusted: ScannedAtAdjustment | null } {
  if (!scannedAt) return { at: now, adjusted: 'missing' };
  const t = Date.parse(scannedAt);
  if (!Number.isFinite(t)) return { at: now, adjusted: 'invalid' };
  if (t > now.getTime() + CLOCK_SKEW_MS) return { at: now, adjusted: 'future' };
  if (t < now.getTime() - OFFLINE_QUEUE_LIFETIME_MS) return { at: now, adjusted: 'tooOld' };
  if (boardingOpensAt && t < boardingOpensAt.getTime()) return { at: now, adjusted: 'beforeBoarding' };
  // A phone a minute ahead never records a check-in after the server has seen it.
  return { at: new Date(Math.min(t, now.getTime())), adjusted: null };
}

/**
 * Whether a replayed check-in's answer contradicts the phone, which boarded it offline. An
 * "already boarded" by this same staff member is the phone's own check-in coming back (the answer
 * to an earlier send was lost), not a conflict.
 */
export function isConflict(answer: ScanAnswer, checkIn: QueuedCheckIn, staffId: number): boolean {
  if (answer.result === 'boarded') return false;
  if (answer.result !== 'already-boarded') return true;
  const code = normalizeCode(checkIn.code);
  const chosen = checkIn.tickets?.map(normalizeCode);
  const relevant = answer.booking.tickets.filter((ticket) =>
    answer.scanned === 'ticket' ? ticket.code === code : !chosen || chosen.includes(ticket.code),
  );
  return !relevant.every((ticket) => ticket.checkedInById === staffId);
}
