import type { Payload } from 'payload';
import { describe, expect, it, vi } from 'vitest';

import { forgetAvailabilityContent, monthAvailability } from './availability';

/** A tour sold on request: monthAvailability reads the tour and stops before any seat query. */
function fakePayload() {
  const find = vi.fn(async () => ({
    docs: [{ id: 7, slug: 'a-tour', title: 'A tour', booking: { mode: 'onRequest' } }],
  }));
  return { payload: { find } as unknown as Payload, find };
}

describe('monthAvailability: the content half is remembered briefly, seats never', () => {
  it('reads a tour once for many calendar requests, and again after an edit', async () => {
    forgetAvailabilityContent();
    const { payload, find } = fakePayload();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => monthAvailability(payload, 'a-tour', '2026-07', 'en')),
    );
    expect(answers.every((a) => a?.tour.title === 'A tour')).toBe(true);
    expect(find).toHaveBeenCalledTimes(1);
    await monthAvailability(payload, 'a-tour', '2026-07', 'es');
    expect(find).toHaveBeenCalledTimes(2);
    forgetAvailabilityContent();
    await monthAvailability(payload, 'a-tour', '2026-07', 'en');
    expect(find).toHaveBeenCalledTimes(3);
  });
});
