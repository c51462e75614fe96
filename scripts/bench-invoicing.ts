// What invoicing adds to a payment's confirmation: the time of the gateway's notification, from
// receipt to commit, with the invoice issued in its transaction and without it (the invoicing
// listener replaced by a no-op). Use a throwaway database: it creates a boat, a tour, departures.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:invoicing
import config from '@payload-config';
import { getPayload } from 'payload';

import { handlePaymentNotification, startPayment } from '../src/booking/checkout';
import { createHold } from '../src/booking/holds';
import { onMoneyMoved } from '../src/booking/money-moved';
import { sandboxLedger } from '../src/lib/sandbox-ledger';
import {
  SANDBOX_TEST_CARD,
  createSandboxProvider,
  readSandboxRequest,
  recordSandboxNotification,
  sandboxNotification,
} from '../src/payments/sandbox';

import { benchCustomer, benchDeparture, benchTour } from './bench-shop';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 200);
const siteUrl = 'http://localhost:3000';
const provider = createSandboxProvider({ siteUrl });

const payload = await getPayload({ config });
await payload.db.migrate();
const shop = await benchTour(payload, { slug: `bench-inv-${Date.now()}`, boatCapacity: 1000 });
const departureId = await benchDeparture(payload, shop, { capacity: 1000 });
const customer = benchCustomer;

async function notifications(count: number) {
  const ready = [];
  for (let i = 0; i < count; i++) {
    const held = await createHold(payload, {
      departureId,
      selection: { adult: 2, reduced: 0, child: 1, super3: 0, audioGuides: 1, tripType: 'roundTrip' },
      customer,
      locale: 'ca',
    });
    if (!held.ok) throw new Error(held.error);
    const started = await startPayment(payload, held.reference, { provider, siteUrl });
    if (!started.ok) throw new Error(started.error);
    const opened = readSandboxRequest(started.form.fields as unknown as Record<string, string>, { siteUrl });
    if (!opened.ok) throw new Error(opened.reason);
    const notification = sandboxNotification(opened.request, 'pay', SANDBOX_TEST_CARD);
    await recordSandboxNotification(notification, sandboxLedger());
    ready.push(notification as unknown as Record<string, string>);
  }
  return ready;
}

async function timeConfirmations(label: string) {
  const ready = await notifications(PAYMENTS);
  const times: number[] = [];
  for (const notification of ready) {
    const started = performance.now();
    const outcome = await handlePaymentNotification(payload, notification, { provider });
    times.push(performance.now() - started);
    if (outcome.status !== 'confirmed') throw new Error(`not confirmed: ${outcome.status}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(
    JSON.stringify({
      bench: 'payment confirmation',
      invoicing: label,
      payments: PAYMENTS,
      p50ms: at(0.5),
      p95ms: at(0.95),
    }),
  );
}

await timeConfirmations('on');
const restore = onMoneyMoved('invoicing', async () => {});
await timeConfirmations('off');
restore();
await payload.destroy();
process.exit(0);
