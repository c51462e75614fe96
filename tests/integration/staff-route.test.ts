import { beforeAll, describe, expect, it } from 'vitest';

import { POST as scan } from '@/app/api/boarding/scan/route';
import { POST as sync } from '@/app/api/boarding/sync/route';
import { GET as booking } from '@/app/api/ops/bookings/[reference]/route';
import { POST as capacity } from '@/app/api/ops/departures/[id]/capacity/route';
import { GET as manifest } from '@/app/api/ops/departures/[id]/manifest/route';
import { GET as today } from '@/app/api/ops/today/route';
import { addDays, madridToUtc, madridToday } from '@/i18n/time';
import type { Role } from '@/security/policy';
import en from '@/i18n/messages/ops/en.json';
import es from '@/i18n/messages/ops/es.json';
import securityFr from '@/i18n/messages/security/fr.json';

import { STAFF_PASSWORD, staffUser } from '../fixtures/boarding-fixtures';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

/**
 * The staff route wrapper (src/security/staff-route.ts, docs/decisions/129-one-staff-policy.md):
 * what every /api/ops and /api/boarding handler now answers before its own code runs.
 */
const payload = useTestPayload();
const tokens = {} as Record<Role, string>;
let tomorrow: number;

beforeAll(async () => {
  for (const role of ['admin', 'office', 'crew'] as const) {
    const user = await staffUser(payload, role);
    const login = await payload.login({ collection: 'users', data: { email: user.email, password: STAFF_PASSWORD } });
    tokens[role] = login.token!;
  }
  const shop = await makeTour(payload, { menuKey: 'mercante' });
  tomorrow = await addDeparture(payload, shop, {
    startsAt: madridToUtc(addDays(madridToday(new Date()), 1), '20:00'),
  });
});

function request(
  path: string,
  role: Role | null,
  init: { body?: string; headers?: Record<string, string>; method?: string } = {},
): Request {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
  if (role) headers.authorization = `JWT ${tokens[role]}`;
  return new Request(`http://localhost:3110${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body,
  });
}

const params = <T extends Record<string, string>>(value: T) => ({ params: Promise.resolve(value) });

describe(`the staff route wrapper on ${testDatabaseKind}`, () => {
  it('asks who is signed in before reading the body: a stranger learns nothing about its shape', async () => {
    const answer = await scan(request('/api/boarding/scan', null, { body: '{"nonsense": true}' }));
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ ok: false, error: 'signInRequired' });
    expect(answer.headers.get('cache-control')).toBe('no-store, private');
  });

  it('answers 403 forbidden for an action the policy refuses, before params or body', async () => {
    const answer = await capacity(
      request('/api/ops/departures/x/capacity', 'crew', { body: '[' }),
      params({ id: 'not-a-number' }),
    );
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ ok: false, error: 'forbidden' });
  });

  it('refuses a body past its limit with 413, in the staff member’s language, without parsing it', async () => {
    const code = 'A'.repeat(70 * 1024);
    const answer = await scan(
      request('/api/boarding/scan', 'crew', {
        body: JSON.stringify({ code, departure: tomorrow }),
        headers: { cookie: 'payload-lng=fr' },
      }),
    );
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({
      ok: false,
      error: 'bodyTooLarge',
      message: securityFr.security.errors.bodyTooLarge,
    });
    // A chunked body with no Content-Length is counted as it arrives.
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 80; i++) controller.enqueue(new TextEncoder().encode(' '.repeat(1024)));
        controller.enqueue(new TextEncoder().encode('{}'));
        controller.close();
      },
    });
    const streamed = await capacity(
      new Request('http://localhost:3110/api/ops/departures/1/capacity', {
        method: 'POST',
        headers: { authorization: `JWT ${tokens.office}`, 'content-type': 'application/json' },
        body: chunked,
        duplex: 'half',
      } as RequestInit),
      params({ id: '1' }),
    );
    expect(streamed.status).toBe(413);
    // The crew's offline queue may be larger: the sync endpoint takes up to 1 MB.
    const checkIns = Array.from({ length: 900 }, (_, i) => ({ code: `CODE${i}`.padEnd(80, 'X') }));
    const queued = await sync(
      request('/api/boarding/sync', 'crew', { body: JSON.stringify({ departure: tomorrow, checkIns }) }),
    );
    expect(queued.status).toBe(403); // Past the size check: tomorrow is not the crew's.
    expect(await queued.json()).toEqual({ ok: false, error: 'notToday' });
  });

  it('speaks the language chosen in the back office, else the browser’s', async () => {
    const chosen = await booking(
      request('/api/ops/bookings/NOSUCHREFERENCE', 'office', {
        headers: { cookie: 'payload-lng=en', 'accept-language': 'es' },
      }),
      params({ reference: 'NOSUCHREFERENCE' }),
    );
    expect(await chosen.json()).toEqual({ ok: false, error: 'notFound', message: en.ops.booking.notFound });
    const browser = await booking(
      request('/api/ops/bookings/NOSUCHREFERENCE', 'office', { headers: { 'accept-language': 'es-ES,es;q=0.9' } }),
      params({ reference: 'NOSUCHREFERENCE' }),
    );
    expect(await browser.json()).toEqual({ ok: false, error: 'notFound', message: es.ops.booking.notFound });
  });

  it('the crew read today’s board only, and another day’s manifest is refused by the policy', async () => {
    const board = await today(request(`/api/ops/today?date=${addDays(madridToday(new Date()), 1)}`, 'crew'));
    expect(board.status).toBe(200);
    const body = (await board.json()) as { date: string; needsAttention: unknown[] };
    expect(body.date).toBe(madridToday(new Date()));
    expect(body.needsAttention).toEqual([]);
    const office = await today(request(`/api/ops/today?date=${addDays(madridToday(new Date()), 1)}`, 'office'));
    expect(((await office.json()) as { date: string }).date).toBe(addDays(madridToday(new Date()), 1));

    const other = await manifest(
      request(`/api/ops/departures/${tomorrow}/manifest`, 'crew', { headers: { cookie: 'payload-lng=es' } }),
      params({ id: String(tomorrow) }),
    );
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ ok: false, error: 'crewTodayOnly', message: es.ops.manifest.crewOtherDay });
    const officeManifest = await manifest(
      request(`/api/ops/departures/${tomorrow}/manifest`, 'office'),
      params({ id: String(tomorrow) }),
    );
    expect(officeManifest.status).toBe(200);
  });
});
