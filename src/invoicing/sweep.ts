import type { Payload } from 'payload';

import { shopDb } from '../booking/db';
import { bookingsOutOfBalance, issueDueInvoice } from './ledger';

/** Issues every document a booking is due and does not have; returns how many were issued. */
export async function issueMissingInvoices(payload: Payload, now = new Date(), page = 200): Promise<number> {
  const db = shopDb(payload);
  let issued = 0;
  // A booking may need more than one document (a failed issue, then a refund): loop until balanced.
  for (let round = 0; round < 10; round++) {
    let progressed = false;
    // A page at a time, past the bookings that issue nothing (they wait for a full invoice's
    // recipient, plan.ts): however many wait, the ones after them are still reached.
    for (let after = 0; ;) {
      const due = await bookingsOutOfBalance(db, page, after);
      for (const bookingId of due) {
        const id = await db.transaction((tx) => issueDueInvoice(tx, bookingId, now));
        if (id !== null) {
          issued++;
          progressed = true;
        }
      }
      if (due.length < page) break;
      after = due.at(-1)!;
    }
    if (!progressed) break;
  }
  return issued;
}
