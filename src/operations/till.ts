import 'server-only';

import type { Payload } from 'payload';

import { recordAudit } from '../audit/record';
import { fill } from '../lib/icu-lite';
import { settleTillEvents } from '../booking/payments-repository';
import { shopDb } from '../booking/db';
import { madridToday, madridToUtc } from '@/i18n/time';
import { cashUpLines, type CashUpLine } from './box-office';
import { staffNames } from './staff-names';
import {
  closeTillSessionRow,
  firstTillOpening,
  insertOpenTillSession,
  lastClosedTillSession,
  openTillSession,
  recentTillSessions,
  saveTillCount,
  settleTillCount,
  tillCounts,
  tillSessionById,
  type TillSessionRecord,
} from './till-repository';

/**
 * The box office's till (docs/decisions/139-till-sessions.md). A session runs from its opening to
 * its close; the staff's box-office payments (and what they gave back by hand) in that time are
 * what the till expects, per staff member and method, as the cash-up reads them. At the close
 * someone counts each drawer and each card terminal's total; the difference is over (+) or short
 * (−). Closing writes what was expected next to what was counted, opens the next session at the
 * same instant (a sale a second later is the next session's), and is printed as the Z report.
 */

/** Methods whose money is at the desk: cash in the drawer, card slips in the terminal. */
export const TILL_METHODS = ['cash', 'terminal'] as const;
export type TillMethod = (typeof TILL_METHODS)[number];
export const isTillMethod = (method: string): method is TillMethod =>
  (TILL_METHODS as readonly string[]).includes(method);

export type TillLine = {
  staff: string;
  staffName: string;
  method: TillMethod;
  sales: number;
  refunds: number;
  expectedCents: number;
  countedCents: number | null;
  /** Counted − expected: over when positive, short when negative; null until counted. */
  differenceCents: number | null;
  countedByName: string | null;
  countedAt: Date | null;
};

export type TillSummary = {
  session: { id: number; openedAt: Date; closedAt: Date | null; closedBy: string | null; closedByName: string | null };
  lines: TillLine[];
  totals: { expectedCents: number; countedCents: number; differenceCents: number };
  /** Lines with sales not counted yet: the till does not close until each is. */
  uncounted: number;
};

/** Over or short in words ("short 2,00 €"), the same on the screen and on paper. */
export function tillDifferenceText(
  cents: number | null,
  text: { over: string; short: string; even: string; notCounted: string },
  euros: (cents: number) => string,
): string {
  if (cents === null) return text.notCounted;
  if (cents === 0) return text.even;
  return fill(cents > 0 ? text.over : text.short, { amount: euros(Math.abs(cents)) });
}

export type TillError = 'notFound' | 'notClosed' | 'uncounted' | 'alreadyClosed' | 'invalidCount';

/** Thrown inside the close's transaction to roll it back with the answer to give. */
class TillCloseRefused extends Error {
  constructor(
    readonly reason: 'alreadyClosed' | 'uncounted',
    readonly uncounted?: number,
  ) {
    super(reason);
  }
}

/** The open session, opened now if there is none: after the last close, or at the start of today the first time. */
export async function currentTillSession(payload: Payload, now: Date): Promise<TillSessionRecord> {
  const db = shopDb(payload);
  const open = await openTillSession(db);
  if (open) return open;
  const last = await lastClosedTillSession(db);
  await insertOpenTillSession(db, last?.closedAt ?? madridToUtc(madridToday(now), '00:00'), now);
  const opened = await openTillSession(db);
  if (!opened) throw new Error('no open till session after opening one');
  return opened;
}

const key = (staff: string, method: string) => `${staff}\u0000${method}`;

/**
 * A sale's request lasts seconds: one stamped before a close and committed after it is stamped
 * well within a day of the open session's opening. Reading unsettled events no further back keeps
 * the open session's figures (and each close) from scanning every website payment ever made, which
 * stay unsettled for good; nothing before the first session is any session's.
 */
const LATE_SALE_WINDOW_MS = 24 * 3600_000;

async function unsettledSince(db: Parameters<typeof firstTillOpening>[0], session: TillSessionRecord): Promise<Date> {
  const first = (await firstTillOpening(db)) ?? session.openedAt;
  return new Date(Math.max(first.getTime(), session.openedAt.getTime() - LATE_SALE_WINDOW_MS));
}

function expectedOf(line: CashUpLine) {
  return { sales: line.sales, refunds: line.refunds, expectedCents: line.salesCents - line.refundsCents };
}

/** A session's lines: live from the payment events while it is open, as settled at its close after. */
export async function tillSummary(payload: Payload, session: TillSessionRecord, now: Date): Promise<TillSummary> {
  const db = shopDb(payload);
  const counts = await tillCounts(db, session.id);
  const lines = new Map<string, Omit<TillLine, 'staffName' | 'countedByName'> & { countedBy: string | null }>();
  if (!session.closedAt) {
    // Every till event no close has settled: the open session's since it opened, and one stamped
    // before the last close that committed after it (it belongs to no closed session's Z report).
    const since = await unsettledSince(db, session);
    for (const line of await cashUpLines(db, { from: since, to: now, unsettledOnly: true })) {
      if (!isTillMethod(line.method)) continue;
      lines.set(key(line.staff, line.method), {
        staff: line.staff,
        method: line.method,
        ...expectedOf(line),
        countedCents: null,
        differenceCents: null,
        countedBy: null,
        countedAt: null,
      });
    }
  }
  for (const count of counts) {
    if (!isTillMethod(count.method)) continue;
    const live = lines.get(key(count.staff, count.method));
    const expectedCents = session.closedAt ? (count.expectedCents ?? 0) : (live?.expectedCents ?? 0);
    lines.set(key(count.staff, count.method), {
      staff: count.staff,
      method: count.method,
      sales: session.closedAt ? (count.sales ?? 0) : (live?.sales ?? 0),
      refunds: live?.refunds ?? 0,
      expectedCents,
      countedCents: count.countedCents,
      differenceCents: count.countedCents - expectedCents,
      countedBy: count.countedBy,
      countedAt: count.countedAt,
    });
  }
  const sorted = [...lines.values()].sort((a, b) => a.staff.localeCompare(b.staff) || a.method.localeCompare(b.method));
  const names = await staffNames(payload, [
    ...sorted.flatMap((line) => [line.staff, ...(line.countedBy ? [line.countedBy] : [])]),
    ...(session.closedBy ? [session.closedBy] : []),
  ]);
  const named = sorted.map(({ countedBy, ...line }) => ({
    ...line,
    staffName: names.get(line.staff) ?? line.staff,
    countedByName: countedBy ? (names.get(countedBy) ?? countedBy) : null,
  }));
  const expectedCents = named.reduce((sum, line) => sum + line.expectedCents, 0);
  const countedCents = named.reduce((sum, line) => sum + (line.countedCents ?? 0), 0);
  return {
    session: {
      ...session,
      closedByName: session.closedBy ? (names.get(session.closedBy) ?? session.closedBy) : null,
    },
    lines: named,
    totals: { expectedCents, countedCents, differenceCents: countedCents - expectedCents },
    uncounted: named.filter((line) => line.countedCents === null && (line.sales > 0 || line.refunds > 0)).length,
  };
}

export async function tillSessionSummary(
  payload: Payload,
  id: number | 'current',
  now: Date,
): Promise<TillSummary | null> {
  const session =
    id === 'current' ? await currentTillSession(payload, now) : await tillSessionById(shopDb(payload), id);
  return session ? tillSummary(payload, session, now) : null;
}

/** Euros counted, in cents: whole, not negative, below a million euros. */
const validCount = (cents: unknown): cents is number =>
  typeof cents === 'number' && Number.isSafeInteger(cents) && cents >= 0 && cents < 100_000_000;

/** What someone counted in a staff member's drawer (or terminal) for the open session; counting again replaces it. */
export async function countTill(
  payload: Payload,
  count: { staff: string; method: string; countedCents: unknown; by: string; now: Date },
): Promise<{ ok: true; summary: TillSummary } | { ok: false; error: TillError }> {
  if (!/^user:\d{1,12}$/.test(count.staff) || !isTillMethod(count.method) || !validCount(count.countedCents)) {
    return { ok: false, error: 'invalidCount' };
  }
  const session = await currentTillSession(payload, count.now);
  const saved = await saveTillCount(shopDb(payload), {
    sessionId: session.id,
    staff: count.staff,
    method: count.method,
    countedCents: count.countedCents,
    by: count.by,
    at: count.now,
  });
  if (!saved) return { ok: false, error: 'alreadyClosed' };
  await recordAudit(payload, {
    actor: count.by,
    action: 'till.counted',
    subject: `till:${session.id}`,
    after: { staff: count.staff, method: count.method, countedCents: count.countedCents },
    at: count.now,
  });
  return { ok: true, summary: await tillSummary(payload, session, count.now) };
}

/**
 * Closes the open session once every line with sales is counted: writes what each line expected
 * next to its count and opens the next session at the same instant, in one transaction. Answers
 * the closed session's summary (its Z report).
 */
export async function closeTill(
  payload: Payload,
  close: { by: string; now: Date; sessionId?: number },
): Promise<{ ok: true; summary: TillSummary } | { ok: false; error: TillError; uncounted?: number }> {
  const session = await currentTillSession(payload, close.now);
  // The screen says which session it shows: a close already done by someone else is not repeated on the next one.
  if (close.sessionId !== undefined && close.sessionId !== session.id) return { ok: false, error: 'alreadyClosed' };
  const live = await tillSummary(payload, session, close.now);
  if (live.uncounted > 0) return { ok: false, error: 'uncounted', uncounted: live.uncounted };
  const since = await unsettledSince(shopDb(payload), session);
  let settled: { expectedCents: number; countedCents: number; lines: number };
  try {
    settled = await shopDb(payload).transaction(async (tx) => {
      if (!(await closeTillSessionRow(tx, session.id, close.by, close.now)))
        throw new TillCloseRefused('alreadyClosed');
      // What the Z report expects is read inside the close, from the events it settles: a sale that
      // committed after the screen was read is in it, one that commits after this is the next session's.
      await settleTillEvents(tx, { sessionId: session.id, from: since, to: close.now });
      const expected = new Map(
        (await cashUpLines(tx, { settledIn: session.id }))
          .filter((line) => isTillMethod(line.method))
          .map((line) => [key(line.staff, line.method), line]),
      );
      const counts = await tillCounts(tx, session.id);
      const counted = new Set(counts.map((count) => key(count.staff, count.method)));
      const uncounted = [...expected.keys()].filter((line) => !counted.has(line)).length;
      if (uncounted > 0) throw new TillCloseRefused('uncounted', uncounted);
      let expectedCents = 0;
      let countedCents = 0;
      for (const count of counts) {
        const line = expected.get(key(count.staff, count.method));
        const expectedOfLine = line ? expectedOf(line) : { sales: 0, expectedCents: 0 };
        expectedCents += expectedOfLine.expectedCents;
        countedCents += count.countedCents;
        await settleTillCount(tx, {
          sessionId: session.id,
          staff: count.staff,
          method: count.method,
          expectedCents: expectedOfLine.expectedCents,
          sales: expectedOfLine.sales,
        });
      }
      await insertOpenTillSession(tx, close.now, close.now);
      return { expectedCents, countedCents, lines: counts.length };
    });
  } catch (error) {
    if (error instanceof TillCloseRefused) return { ok: false, error: error.reason, uncounted: error.uncounted };
    throw error;
  }
  await recordAudit(payload, {
    actor: close.by,
    action: 'till.closed',
    subject: `till:${session.id}`,
    after: {
      expectedCents: settled.expectedCents,
      countedCents: settled.countedCents,
      differenceCents: settled.countedCents - settled.expectedCents,
      lines: settled.lines,
    },
    at: close.now,
  });
  const summary = await tillSessionSummary(payload, session.id, close.now);
  return { ok: true, summary: summary! };
}

/** The sessions before the one shown, newest first, for the till page's list. */
export async function earlierTillSessions(payload: Payload, limit: number) {
  return recentTillSessions(shopDb(payload), limit);
}
