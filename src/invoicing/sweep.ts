import type { Payload } from 'payload';

import { shopDb } from '../booking/db';
import { bookingsOutOfBalance, issueDueInvoice } from './ledger';

/** Issues every document a booking is due and does not have; returns how many were issued. */
export async function issueMissingInvoices(payload: Payload, now = new Date()): Promise<number> {
  const db = shopDb(payload);
  let issued = 0;
  // A booking may need more than one document (a failed issue, then a refund): loop until balanced.
  for (let round = 0; round < 10; round++) {
    const due = await bookingsOutOfBalance(db, 200);
    if (due.length === 0) break;
    let progressed = false;
    for (const bookingId of due) {
      const id = await db.transaction((tx) => issueDueInvoice(tx, bookingId, now));
      if (id !== null) {
        issued++;
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  return issued;
}
