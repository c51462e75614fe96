import type { Payload } from 'payload';

import { shopDb, type Tx } from '../booking/db';
import { findBooking } from '../booking/bookings-repository';
import { isLocale } from '../i18n/locales';
import { env } from '../lib/env';
import { issuer, verifactuMode } from './config';
import type { InvoiceDocumentInput } from './document';
import {
  aeatStatusOfRecords,
  invoiceById,
  invoicesOfBooking,
  recipientOf,
  recordsOfInvoice,
  type RecordAeatStatus,
  type StoredInvoice,
  type StoredRecord,
} from './ledger';
import { recordXml } from './record-xml';
import type { TaxQrMode } from './tax-qr';

/**
 * The facts an invoice document is made of, read from the invoicing tables: the invoice, and from
 * its record the issuer's name and NIF and what a rectifying invoice corrects, exactly as the AEAT
 * got them (the configuration may have changed since; the printed invoice must match the record).
 */

const PRODUCTION_HOST = /^https:\/\/[^/]*agenciatributaria\.gob\.es\//;

/**
 * Which cotejo service the tax QR points at: ValidarQR in VERI*FACTU mode, ValidarQRNoVerifactu
 * otherwise; the AEAT's production site when records go to its production endpoint, its test site
 * otherwise (the local sandbox included), so a test invoice never points at the real register.
 */
export function taxQrModeFromConfig(): TaxQrMode {
  return {
    verifactu: verifactuMode() === 'verifactu',
    environment: PRODUCTION_HOST.test(env().VERIFACTU_ENDPOINT) ? 'production' : 'test',
  };
}

export async function invoiceDocumentInput(
  target: Pick<Tx, 'query'>,
  invoice: StoredInvoice,
  booking: InvoiceDocumentInput['booking'],
): Promise<InvoiceDocumentInput> {
  const records = await recordsOfInvoice(target, invoice.id);
  const alta = records.map((stored) => stored.record).find((record) => record.kind === 'alta');
  const configured = issuer();
  // The recipient as invoiced; their address is kept beside the booking's details (full-invoice.ts).
  const recipientAddress = invoice.recipient ? ((await recipientOf(target, invoice.bookingId))?.address ?? null) : null;
  return {
    invoice,
    issuer: alta ? { name: alta.issuerName, nif: alta.invoice.issuerNif, address: configured.address } : configured,
    booking,
    recipientAddress,
    corrects: alta?.corrects ?? [],
    replaces: alta?.replaces ?? [],
    qrMode: taxQrModeFromConfig(),
  };
}

/** Everything the invoice PDF of `invoiceId` shows, or null for an unknown invoice. */
export async function loadInvoiceDocumentInput(
  payload: Payload,
  invoiceId: number,
): Promise<InvoiceDocumentInput | null> {
  const db = shopDb(payload);
  const invoice = await invoiceById(db, invoiceId);
  if (!invoice) return null;
  const booking = await findBooking(db, { id: invoice.bookingId });
  let tourTitle: string | undefined;
  if (booking) {
    const locale = isLocale(invoice.locale) ? invoice.locale : 'ca';
    const tour = await payload
      .findByID({ collection: 'tours', id: booking.tourId, locale, depth: 0, overrideAccess: true })
      .catch(() => null);
    tourTitle = tour?.title ?? undefined;
  }
  return invoiceDocumentInput(db, invoice, { reference: booking?.reference ?? '', tourTitle });
}

type AeatState = { status: string; csv: string | null; errorCode: string | null; errorText: string | null };

/** One invoice as the staff API lists it (GET /api/ops/invoices?booking=…). */
export type StaffInvoice = {
  id: number;
  series: string;
  number: number;
  seriesNumber: string;
  type: StoredInvoice['type'];
  issuedAt: string;
  /** Negative for a rectifying invoice by differences. */
  totalCents: number;
  vat: { ratePct: number; baseCents: number; vatCents: number }[];
  correctsInvoiceId: number | null;
  /** Of the invoice's registro de alta: the record the AEAT holds for it. */
  huella: string | null;
  previousHuella: string | null;
  aeat: AeatState | null;
  /** Cancelled by a registro de anulación (issued in error). */
  annulled: boolean;
  /** Every record of the invoice in the chain's order: its alta, then an anulación if any. */
  records: {
    id: number;
    kind: 'alta' | 'anulacion';
    huella: string;
    previousHuella: string | null;
    aeat: AeatState | null;
  }[];
};

function aeatState(status: RecordAeatStatus | undefined): AeatState | null {
  return status
    ? { status: status.status, csv: status.csv, errorCode: status.errorCode, errorText: status.errorText }
    : null;
}

/** A booking's invoices with their records' huella and AEAT status, oldest first; null for an unknown booking. */
export async function staffInvoicesOfBooking(
  target: Pick<Tx, 'query'>,
  reference: string,
): Promise<StaffInvoice[] | null> {
  const booking = await findBooking(target, { reference });
  if (!booking) return null;
  const invoices = await invoicesOfBooking(target, booking.id);
  const records = new Map<number, StoredRecord[]>();
  for (const invoice of invoices) records.set(invoice.id, await recordsOfInvoice(target, invoice.id));
  const statuses = await aeatStatusOfRecords(
    target,
    [...records.values()].flat().map((record) => record.id),
  );
  return invoices.map((invoice) => {
    const own = records.get(invoice.id) ?? [];
    // The latest alta: a corrected re-send (subsanación) is the record the AEAT holds now.
    const alta = own.findLast((record) => record.record.kind === 'alta');
    return {
      id: invoice.id,
      series: invoice.series,
      number: invoice.number,
      seriesNumber: invoice.seriesNumber,
      type: invoice.type,
      issuedAt: invoice.issuedAt.toISOString(),
      totalCents: invoice.totalCents,
      vat: invoice.vat.map(({ ratePct, baseCents, vatCents }) => ({ ratePct, baseCents, vatCents })),
      correctsInvoiceId: invoice.correctsInvoiceId,
      huella: alta?.huella ?? null,
      previousHuella: alta?.previousHuella ?? null,
      aeat: alta ? aeatState(statuses.get(alta.id)) : null,
      annulled: own.some((record) => record.record.kind === 'anulacion'),
      records: own.map((record) => ({
        id: record.id,
        kind: record.record.kind,
        huella: record.huella,
        previousHuella: record.previousHuella,
        aeat: aeatState(statuses.get(record.id)),
      })),
    };
  });
}

/**
 * The XML of an invoice's registro de alta (or, with `kind`, of its anulación), byte for byte as
 * it goes inside RegistroFactura; null when the invoice has no such record.
 */
export async function recordXmlOfInvoice(
  target: Pick<Tx, 'query'>,
  invoiceId: number,
  kind: 'alta' | 'anulacion' = 'alta',
): Promise<string | null> {
  const record = (await recordsOfInvoice(target, invoiceId)).find((stored) => stored.record.kind === kind);
  return record ? recordXml(record.record) : null;
}

export type RecordWithXml = {
  position: number;
  kind: 'alta' | 'anulacion';
  /** A registro de alta sent again to correct one the AEAT refused or accepted with errors. */
  correction: boolean;
  generatedAt: string;
  huella: string;
  previousHuella: string | null;
  aeat: { status: string; csv: string | null; errorCode: string | null; errorText: string | null } | null;
  xml: string;
};

/** Every record of the invoice (alta, subsanaciones, anulación) in the chain's order, each with its XML and AEAT answer. */
export async function invoiceRecordsWithXml(target: Pick<Tx, 'query'>, invoiceId: number): Promise<RecordWithXml[]> {
  const records = await recordsOfInvoice(target, invoiceId);
  const statuses = await aeatStatusOfRecords(
    target,
    records.map((stored) => stored.id),
  );
  return records.map((stored) => {
    const status = statuses.get(stored.id);
    return {
      position: stored.position,
      kind: stored.record.kind,
      correction: stored.record.kind === 'alta' && stored.record.correction === true,
      generatedAt: stored.record.generatedAt,
      huella: stored.huella,
      previousHuella: stored.previousHuella,
      aeat: status
        ? { status: status.status, csv: status.csv, errorCode: status.errorCode, errorText: status.errorText }
        : null,
      xml: recordXml(stored.record),
    };
  });
}

/** Whether a registro de anulación cancelled the invoice. */
export async function isAnnulled(target: Pick<Tx, 'query'>, invoiceId: number): Promise<boolean> {
  return (await recordsOfInvoice(target, invoiceId)).some((stored) => stored.record.kind === 'anulacion');
}
