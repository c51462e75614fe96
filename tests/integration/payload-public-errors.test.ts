import { describe, expect, it, vi } from 'vitest';

import * as payloadRest from '@/app/(payload)/api/[...slug]/route';
import { createHold } from '@/booking/holds';
import es from '@/i18n/messages/ops/es.json';
import { fill } from '@/lib/icu-lite';

import { paidBooking } from '../fixtures/sandbox-payments';
import { addDeparture, customer, makeTour, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

// What the production build does (seen in its server chunks): Payload's error classes are compiled
// as `class extends …`, so `this.constructor.name` is '', and the hooks' copy of Payload is not
// always the REST handler's, whose `instanceof APIError` then fails. Here the hooks get such a copy.
vi.mock('payload', async (importOriginal) => {
  const real = await importOriginal<typeof import('payload')>();
  const [Nameless] = [
    class extends Error {
      status: number;
      data: unknown;
      isPublic: boolean;
      constructor(message: string, status = 500, data: unknown = null, isPublic?: boolean) {
        super(message);
        this.name = this.constructor.name;
        this.status = status;
        this.data = data;
        this.isPublic = isPublic ?? status !== 500;
      }
    },
  ];
  return { ...real, APIError: Nameless };
});

type Handler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
const rest = payloadRest as unknown as Record<'PATCH', Handler>;
const payload = useTestPayload();

/**
 * Issue 42: in production a single capacity PATCH answered "An unknown error occurred." where the
 * bulk one (which reads `error.message` itself) and the staff API gave the clear message: Payload's
 * REST formats a nameless error of another copy as unknown. src/security/public-errors.ts answers
 * every public error with its own message and status.
 */
describe(`a refusal from a hook, as the production build throws it, on ${testDatabaseKind}`, () => {
  it('reaches the REST answer with its message and status', async () => {
    const email = `office-nameless-${Date.now()}@example.com`;
    const password = 'long enough office password 2026';
    await payload.create({ collection: 'users', data: { email, password, role: 'office' } as never });
    const { token } = await payload.login({ collection: 'users', data: { email, password } });
    const shop = await makeTour(payload, { menuKey: 'magic', boatCapacity: 20 });
    const departureId = await addDeparture(payload, shop, { capacity: 20 });
    await paidBooking(payload, departureId, { adults: 7 });
    expect(
      (await createHold(payload, { departureId, selection: selection({ adult: 2 }), customer, locale: 'ca' })).ok,
    ).toBe(true);
    const response = await rest.PATCH(
      new Request(`http://localhost:3000/api/departures/${departureId}`, {
        method: 'PATCH',
        headers: { authorization: `JWT ${token}`, 'content-type': 'application/json', cookie: 'payload-lng=es' },
        body: JSON.stringify({ capacity: 1 }),
      }),
      { params: Promise.resolve({ slug: ['departures', String(departureId)] }) },
    );
    const body = (await response.json()) as { errors: { message: string }[] };
    expect(response.status).toBe(409);
    expect(body.errors[0]!.message).toBe(fill(es.ops.errors.belowTaken, { minimum: 9, sold: 7, held: 2 }));
  });
});
