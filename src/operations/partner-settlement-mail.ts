import type { Payload } from 'payload';

import { date, iso, num, shopDb, str, type ShopDb } from '../booking/db';
import { env } from '../lib/env';
import { logger } from '../lib/logger';
import { queueEmail } from '../mail/queue';
import { partnersWithAdmissionEvents } from '../partners/admissions-repository';
import { hasActivity, madridMonth, monthBounds, previousMonth, type SettlementMonth } from '../partners/settlement';
import { utcToMadrid } from '../i18n/time';
import { fillWritten } from '../i18n/written';

import {
  monthName,
  settlementCsv,
  settlementFileName,
  settlementFrom,
  settlementSummary,
  settlementTexts,
  type PartnerSettlement,
} from './partner-settlement';
import { renderSettlementPdf } from './partner-settlement-pdf';

/**
 * The monthly e-mail of each partner's settlement (docs/decisions/179-partner-settlements.md).
 * The job runs every hour; from the 1st of a Madrid month (to the 7th, should the service have been
 * down on the 1st), each partner with activity in the month before gets its settlement, PDF and CSV
 * attached, in its language, once: a row of `partner_settlement_mailings` (unique per partner and
 * month) is claimed with one INSERT before anything is queued, so two runs (two instances, a run
 * repeated after a restart) cannot both send it. A run that died between its claim and the mail
 * queue leaves a claim without its e-mail; after CLAIM_STALE_MS a later run takes it over with one
 * conditional UPDATE and sends it, unless the e-mail log already holds it.
 */

export const SETTLEMENT_TEMPLATE = 'partner-settlement';
export const settlementRef = (partnerId: number, month: SettlementMonth) => `partner-settlements:${partnerId}:${month}`;
/** Past the 7th, last month's settlements are left to the office (downloads): no late surprise e-mails. */
export const SEND_UNTIL_DAY = 7;
const CLAIM_STALE_MS = 15 * 60_000;

type Claim = 'claimed' | 'taken';

async function claim(db: ShopDb, partnerId: number, month: SettlementMonth, now: Date): Promise<Claim> {
  const inserted = await db.query(
    `INSERT INTO partner_settlement_mailings (partner_id, month, claimed_at, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (partner_id, month) DO NOTHING`,
    [partnerId, month, iso(now), iso(now)],
  );
  if (inserted.rowsAffected === 1) return 'claimed';
  const { rows } = await db.query(
    'SELECT id, claimed_at, email_log_id FROM partner_settlement_mailings WHERE partner_id = ? AND month = ?',
    [partnerId, month],
  );
  const row = rows[0];
  if (!row || row.email_log_id !== null || date(row.claimed_at).getTime() > now.getTime() - CLAIM_STALE_MS) {
    return 'taken';
  }
  // A run that claimed and died before queueing: one run takes it over.
  const taken = await db.query(
    'UPDATE partner_settlement_mailings SET claimed_at = ? WHERE id = ? AND email_log_id IS NULL AND claimed_at = ?',
    [iso(now), num(row.id), row.claimed_at instanceof Date ? iso(row.claimed_at) : str(row.claimed_at)],
  );
  return taken.rowsAffected === 1 ? 'claimed' : 'taken';
}

async function recordQueued(db: ShopDb, partnerId: number, month: SettlementMonth, logId: number) {
  await db.query('UPDATE partner_settlement_mailings SET email_log_id = ? WHERE partner_id = ? AND month = ?', [
    logId,
    partnerId,
    month,
  ]);
}

/** The e-mail's plain text: the greeting, what is attached and the amounts to transfer or owed. */
export function settlementEmailText(settlement: PartnerSettlement): string {
  const t = settlementTexts(settlement.locale);
  const lines = [
    t.emailGreeting,
    '',
    fillWritten(settlement.locale, t.emailBody, { month: monthName(settlement.month, settlement.locale) }),
    '',
  ];
  // French puts a narrow no-break space before a colon (scripts/french-typography.mjs).
  const colon = settlement.locale === 'fr' ? '\u202F:' : ':';
  for (const section of settlementSummary(settlement)) {
    lines.push(section.heading);
    for (const [label, value] of section.lines) lines.push(`- ${label}${colon} ${value}`);
    lines.push('');
  }
  lines.push(t.emailClosing, '', env().SITE_BRAND);
  return lines.join('\n');
}

async function queueSettlementEmail(payload: Payload, db: ShopDb, settlement: PartnerSettlement): Promise<number> {
  const t = settlementTexts(settlement.locale);
  const brand = env().SITE_BRAND;
  const pdf = await renderSettlementPdf(settlement, brand);
  const csv = settlementCsv(settlement);
  // Payload's writes (e-mail log, jobs queue) wait for this process's shop transactions (SQLite).
  const logId = await db.exclusive(() =>
    queueEmail(payload, {
      to: [{ address: settlement.partner.contactEmail, name: settlement.partner.legalName }],
      replyTo: { address: env().OPERATOR_EMAIL, name: brand },
      subject: fillWritten(settlement.locale, t.emailSubject, {
        month: monthName(settlement.month, settlement.locale),
        brand,
      }),
      text: settlementEmailText(settlement),
      attachments: [
        {
          filename: settlementFileName(settlement, 'pdf'),
          contentType: 'application/pdf',
          contentBase64: Buffer.from(pdf).toString('base64'),
        },
        {
          filename: settlementFileName(settlement, 'csv'),
          contentType: 'text/csv',
          contentBase64: Buffer.from(csv, 'utf8').toString('base64'),
        },
      ],
      ref: settlementRef(settlement.partner.id, settlement.month),
      template: SETTLEMENT_TEMPLATE,
    }),
  );
  return Number(logId);
}

/**
 * Sends last month's settlement to each partner with activity that has not had it. Returns how
 * many were queued by this run. `now` is the run's instant (tests pass the 1st of a month).
 */
export async function sendPartnerSettlements(payload: Payload, now = new Date()): Promise<{ sent: number }> {
  if (Number(utcToMadrid(now).date.slice(8)) > SEND_UNTIL_DAY) return { sent: 0 };
  const month = previousMonth(madridMonth(now));
  const db = shopDb(payload);
  let sent = 0;
  for (const partnerId of await partnersWithAdmissionEvents(db, monthBounds(month))) {
    const settlement = await settlementFrom(db, partnerId, month, now);
    if (!settlement || !hasActivity(settlement)) continue;
    if ((await claim(db, partnerId, month, now)) === 'taken') continue;
    const logged = await payload.find({
      collection: 'email-log',
      where: { ref: { equals: settlementRef(partnerId, month) }, template: { equals: SETTLEMENT_TEMPLATE } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
    });
    const known = logged.docs[0];
    if (known) {
      // A run that queued it and died before recording so: recorded now, not sent again.
      await recordQueued(db, partnerId, month, Number(known.id));
      continue;
    }
    try {
      await recordQueued(db, partnerId, month, await queueSettlementEmail(payload, db, settlement));
      sent++;
    } catch (error) {
      // The claim stays without its e-mail: a run after CLAIM_STALE_MS takes it over.
      logger.error({ err: error, partnerId, month }, 'partner settlement e-mail could not be queued');
    }
  }
  return { sent };
}
