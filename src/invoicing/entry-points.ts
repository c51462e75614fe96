import type { Payload } from 'payload';

import { shopDb } from '../booking/db';
import { invoiceBookPages, invoiceBookSums, searchInvoices, staleRecords } from './books';
import { invoiceRecordsWithXml, recordXmlOfInvoice, staffInvoicesOfBooking } from './document-source';
import { annulInvoice, correctRecord, invoiceById, saveRecipient } from './ledger';
import { bookingTax } from './tour-vat';

/**
 * What the back office's pages and routes and the shop's routes ask of invoicing, each on the
 * shop's database: pages and routes only render and call, and never hold the database handle
 * (src/architecture.test.ts). Each is the module function it names, read (or, for annulling,
 * correcting and a buyer's details, written in one transaction) where the caller used to open it.
 */

type Rest<F> = F extends (first: never, ...rest: infer R) => unknown ? R : never;

export const staffInvoicesOf = (payload: Payload, ...args: Rest<typeof staffInvoicesOfBooking>) =>
  staffInvoicesOfBooking(shopDb(payload), ...args);

export const invoiceOf = (payload: Payload, ...args: Rest<typeof invoiceById>) => invoiceById(shopDb(payload), ...args);

export const recordsOfInvoice = (payload: Payload, ...args: Rest<typeof invoiceRecordsWithXml>) =>
  invoiceRecordsWithXml(shopDb(payload), ...args);

export const recordXmlOf = (payload: Payload, ...args: Rest<typeof recordXmlOfInvoice>) =>
  recordXmlOfInvoice(shopDb(payload), ...args);

export const findInvoices = (payload: Payload, ...args: Rest<typeof searchInvoices>) =>
  searchInvoices(shopDb(payload), ...args);

export const bookSums = (payload: Payload, ...args: Rest<typeof invoiceBookSums>) =>
  invoiceBookSums(shopDb(payload), ...args);

/** The books a page at a time (decision 152): the generator reads as the CSV is sent. */
export const bookPages = (payload: Payload, ...args: Rest<typeof invoiceBookPages>) =>
  invoiceBookPages(shopDb(payload), ...args);

export const staleInvoiceRecords = (payload: Payload, ...args: Rest<typeof staleRecords>) =>
  staleRecords(shopDb(payload), ...args);

export const taxOfBooking = (payload: Payload, ...args: Rest<typeof bookingTax>) =>
  bookingTax(shopDb(payload), ...args);

export const annulInvoiceOf = (payload: Payload, ...args: Rest<typeof annulInvoice>) =>
  shopDb(payload).transaction((tx) => annulInvoice(tx, ...args));

export const correctRecordOf = (payload: Payload, ...args: Rest<typeof correctRecord>) =>
  shopDb(payload).transaction((tx) => correctRecord(tx, ...args));

export const saveRecipientOf = (payload: Payload, ...args: Rest<typeof saveRecipient>) =>
  shopDb(payload).transaction((tx) => saveRecipient(tx, ...args));
