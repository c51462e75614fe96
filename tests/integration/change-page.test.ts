import { describe, expect, it } from 'vitest';

import { cancelDeparture, rebookDisrupted, refundDisrupted } from '@/operations/disruption';
import { loadChangePage } from '@/notices/change-page';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { paidBooking, sandboxProvider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
const HOUR = 3600_000;

checkInvariantsAfterEach(() => payload);

/** The disrupted visitor's page reads the booking, both departures and the refund from booking's repositories. */
describe('the change page of a disrupted booking', () => {
  it('shows the cancelled departure and the choices, then what was chosen: a new departure or the refund', async () => {
    const shop = await makeTour(payload, { menuKey: 'aquarium' });
    const base = Date.now() + 2 * 24 * HOUR;
    const cancelledAt = new Date(base);
    const departureId = await addDeparture(payload, shop, { capacity: 10, startsAt: cancelledAt });
    const laterAt = new Date(base + HOUR);
    const later = await addDeparture(payload, shop, { capacity: 10, startsAt: laterAt });
    const moving = await paidBooking(payload, departureId, { adults: 2 });
    const refunding = await paidBooking(payload, departureId, { adults: 1 });

    // Never disrupted: there is no change page.
    expect(await loadChangePage(payload, moving.reference, 'en')).toBeNull();
    expect(await loadChangePage(payload, 'NO-SUCH-REF', 'en')).toBeNull();

    await cancelDeparture(payload, { departureId, reason: 'wind', by: 'user:1' });
    const disrupted = await loadChangePage(payload, moving.reference, 'en');
    expect(disrupted).toMatchObject({
      booking: { reference: moving.reference, status: 'disrupted' },
      cancelledStartsAt: cancelledAt,
      reason: 'wind',
      amountCents: moving.totalCents,
      current: null,
      refundStatus: null,
    });
    expect(disrupted!.alternatives.map((a) => a.id)).toContain(later);

    expect(
      await rebookDisrupted(payload, { reference: moving.reference, departureId: later, by: 'visitor' }),
    ).toMatchObject({ ok: true });
    expect(await loadChangePage(payload, moving.reference, 'en')).toMatchObject({
      booking: { status: 'paid' },
      cancelledStartsAt: cancelledAt,
      current: { startsAt: laterAt },
      refundStatus: null,
      alternatives: [],
    });

    const refund = await refundDisrupted(
      payload,
      { reference: refunding.reference, by: 'visitor' },
      { provider: sandboxProvider },
    );
    expect(refund).toMatchObject({ ok: true, refund: { ok: true } });
    expect(await loadChangePage(payload, refunding.reference, 'en')).toMatchObject({
      amountCents: refunding.totalCents,
      current: null,
      refundStatus: 'succeeded',
    });
  });
});
