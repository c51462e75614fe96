import type { CollectionSlug, GlobalSlug } from 'payload';
import { beforeAll, describe, expect, it } from 'vitest';

import { GET as departuresList } from '@/app/api/boarding/departures/route';
import { GET as ticketList } from '@/app/api/boarding/departures/[id]/tickets/route';
import { POST as scan } from '@/app/api/boarding/scan/route';
import { POST as sync } from '@/app/api/boarding/sync/route';
import { addDays, madridToUtc, madridToday } from '@/i18n/time';
import type { Role } from '@/collections/access';

import { STAFF_PASSWORD, paidBooking, staffUser } from '../fixtures/boarding-fixtures';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
type Staff = Awaited<ReturnType<typeof staffUser>>;
const users = {} as Record<Role, Staff>;
const tokens = {} as Record<Role, string>;
let today: number;
let tomorrow: number;
let todayBooking: Awaited<ReturnType<typeof paidBooking>>;
let tomorrowBooking: Awaited<ReturnType<typeof paidBooking>>;

/** Content the public site shows: anyone reads it, signed in or not. */
const publicContent = ['tours', 'school-tours', 'boats', 'boarding-points', 'media', 'past-images', 'pages'];
/** Payload's own per-user bookkeeping (UI preferences, edit locks): every signed-in user has their own. */
const perUserInternals = ['payload-preferences', 'payload-locked-documents'];
/** Payload's migration log has no REST endpoints (`endpoints: false`): only the CLI reads it. */
const noRestApi = ['payload-migrations'];

beforeAll(async () => {
  for (const role of ['admin', 'office', 'crew'] as const) {
    users[role] = await staffUser(payload, role);
    const login = await payload.login({
      collection: 'users',
      data: { email: users[role].email, password: STAFF_PASSWORD },
    });
    tokens[role] = login.token!;
  }
  const shop = await makeTour(payload, { menuKey: 'mercante' });
  const now = new Date();
  // Late tonight and tomorrow evening in Madrid: "today" for the crew whatever the hour the test runs.
  today = await addDeparture(payload, shop, { startsAt: madridToUtc(madridToday(now), '23:59') });
  tomorrow = await addDeparture(payload, shop, { startsAt: madridToUtc(addDays(madridToday(now), 1), '20:00') });
  todayBooking = await paidBooking(payload, shop, today, { adult: 2 });
  tomorrowBooking = await paidBooking(payload, shop, tomorrow, { adult: 1 });
  await payload.create({
    collection: 'redirects',
    overrideAccess: true,
    data: { from: '/old-boarding', to: '/en' } as never,
  });
});

type Reach = 'forbidden' | 'empty' | 'self' | 'rows';

async function readReach(slug: CollectionSlug, user: Staff | null): Promise<Reach> {
  try {
    const found = await payload.find({ collection: slug, overrideAccess: false, user, limit: 50, depth: 0 });
    if (found.totalDocs === 0) return 'empty';
    if (slug === 'users' && found.docs.every((doc) => doc.id === user?.id)) return 'self';
    return 'rows';
  } catch (error) {
    if ((error as { status?: number }).status === 403) return 'forbidden';
    throw error;
  }
}

async function mayCreate(slug: CollectionSlug, user: Staff | null): Promise<boolean> {
  try {
    await payload.create({ collection: slug, overrideAccess: false, user, data: {} as never });
    return true;
  } catch (error) {
    // Access is checked before validation: a validation error means access was granted.
    return (error as { status?: number }).status !== 403;
  }
}

async function mayUpdateGlobal(slug: GlobalSlug, user: Staff | null): Promise<boolean> {
  try {
    await payload.updateGlobal({ slug, overrideAccess: false, user, data: {} as never });
    return true;
  } catch (error) {
    return (error as { status?: number }).status !== 403;
  }
}

function request(path: string, role: Role | null, body?: unknown): Request {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (role) headers.authorization = `JWT ${tokens[role]}`;
  return new Request(`http://localhost:3110${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const params = (id: number) => ({ params: Promise.resolve({ id: String(id) }) });

describe(`staff roles on ${testDatabaseKind}`, () => {
  it('crew read nothing but public content and themselves, and write nothing', async () => {
    const crew = users.crew;
    const reached: string[] = [];
    for (const collection of payload.config.collections) {
      const slug = collection.slug as CollectionSlug;
      if (noRestApi.includes(slug)) continue;
      const reach = await readReach(slug, crew);
      const expected =
        slug === 'users' ? ['self'] : perUserInternals.includes(slug) ? ['forbidden', 'empty'] : ['forbidden'];
      if (!publicContent.includes(slug) && !expected.includes(reach)) reached.push(`read ${slug}: ${reach}`);
      if (!perUserInternals.includes(slug) && (await mayCreate(slug, crew))) reached.push(`create ${slug}`);
    }
    for (const global of payload.config.globals) {
      if (await mayUpdateGlobal(global.slug as GlobalSlug, crew)) reached.push(`update global ${global.slug}`);
    }
    expect(reached).toEqual([]);
  });

  it('anonymous visitors read only public content', async () => {
    for (const collection of payload.config.collections) {
      const slug = collection.slug as CollectionSlug;
      if (publicContent.includes(slug) || noRestApi.includes(slug)) continue;
      expect(['forbidden', 'empty'], slug).toContain(await readReach(slug, null));
      if (!perUserInternals.includes(slug)) expect(await mayCreate(slug, null), `create ${slug}`).toBe(false);
    }
  });

  it('the office reads bookings and operations but manages no users; the admin reaches everything', async () => {
    for (const slug of ['bookings', 'tickets', 'departures', 'redirects'] as const) {
      expect(await readReach(slug, users.office), slug).toBe('rows');
      expect(await readReach(slug, users.admin), slug).toBe('rows');
    }
    expect(await readReach('users', users.office)).toBe('self');
    expect(await mayCreate('users', users.office)).toBe(false);
    expect(await readReach('users', users.admin)).toBe('rows');
    expect(await mayCreate('users', users.admin)).toBe(true);
    // Nobody writes bookings or tickets through the API: they change only in src/booking/.
    for (const slug of ['bookings', 'tickets'] as const) {
      expect(await mayCreate(slug, users.admin), slug).toBe(false);
    }
    // A staff member cannot promote themselves.
    await expect(
      payload.update({
        collection: 'users',
        id: users.crew.id,
        overrideAccess: false,
        user: users.crew,
        data: { role: 'admin' },
      }),
    ).resolves.toMatchObject({ role: 'crew' });
  });

  it("a departure's status changes only through the ops actions, which announce it, never by editing the document", async () => {
    const departureId = tomorrow;
    for (const user of [users.office, users.admin]) {
      const updated = await payload.update({
        collection: 'departures',
        id: departureId,
        overrideAccess: false,
        user,
        data: { status: 'cancelled' },
      });
      expect(updated.status).toBe('scheduled');
    }
  });

  it('boarding endpoints: 401 signed out, crew only today, the office any day', async () => {
    const code = todayBooking.codes[0]!;
    expect((await scan(request('/api/boarding/scan', null, { code, departure: today }))).status).toBe(401);
    expect((await departuresList(request('/api/boarding/departures', null))).status).toBe(401);
    expect((await ticketList(request(`/api/boarding/departures/${today}/tickets`, null), params(today))).status).toBe(
      401,
    );
    expect((await sync(request('/api/boarding/sync', null, { departure: today, checkIns: [] }))).status).toBe(401);

    const crewTomorrow = await ticketList(
      request(`/api/boarding/departures/${tomorrow}/tickets`, 'crew'),
      params(tomorrow),
    );
    expect(crewTomorrow.status).toBe(403);
    const crewScanTomorrow = await scan(
      request('/api/boarding/scan', 'crew', { code: tomorrowBooking.codes[0], departure: tomorrow }),
    );
    expect(crewScanTomorrow.status).toBe(403);
    expect(
      (await sync(request('/api/boarding/sync', 'crew', { departure: tomorrow, checkIns: [{ code: 'X' }] }))).status,
    ).toBe(403);

    const list = await ticketList(request(`/api/boarding/departures/${today}/tickets`, 'crew'), params(today));
    expect(list.status).toBe(200);
    const body = (await list.json()) as { tickets: { code: string; state: string }[] };
    expect(body.tickets.map((t) => t.code).sort()).toEqual([...todayBooking.codes].sort());
    // The phone's list carries no contact details.
    expect(JSON.stringify(body)).not.toMatch(/@example\.com|\+34/);

    const crewScan = await scan(request('/api/boarding/scan', 'crew', { code, departure: today }));
    expect(crewScan.status).toBe(200);
    expect(await crewScan.json()).toMatchObject({ ok: true, result: 'boarded' });
    const again = await scan(request('/api/boarding/scan', 'crew', { code, departure: today }));
    expect(await again.json()).toMatchObject({ result: 'already-boarded' });

    const officeTomorrow = await scan(
      request('/api/boarding/scan', 'office', { code: tomorrowBooking.codes[0], departure: tomorrow }),
    );
    expect(await officeTomorrow.json()).toMatchObject({ result: 'boarded' });

    const picker = await departuresList(request('/api/boarding/departures', 'crew'));
    const departures = ((await picker.json()) as { departures: { id: number; boarded: number }[] }).departures;
    expect(departures.map((d) => d.id)).toContain(today);
    expect(departures.map((d) => d.id)).not.toContain(tomorrow);
    expect(departures.find((d) => d.id === today)?.boarded).toBe(1);
  });

  it('the sync endpoint applies a queue once however often it arrives', async () => {
    const checkIns = [{ code: todayBooking.codes[1], scannedAt: new Date(Date.now() - 60_000).toISOString() }];
    const first = await (await sync(request('/api/boarding/sync', 'crew', { departure: today, checkIns }))).json();
    const second = await (await sync(request('/api/boarding/sync', 'crew', { departure: today, checkIns }))).json();
    expect(first).toMatchObject({ ok: true, conflicts: 0, results: [{ answer: { result: 'boarded' } }] });
    expect(second).toMatchObject({ ok: true, conflicts: 0, results: [{ answer: { result: 'already-boarded' } }] });
  });

  it('refuses staff passwords that are short or common, in the staff member’s language', async () => {
    await expect(
      payload.create({
        collection: 'users',
        overrideAccess: true,
        data: { email: 'weak@example.com', password: 'short', role: 'crew' },
      }),
    ).rejects.toThrow();
    await expect(
      payload.update({
        collection: 'users',
        id: users.crew.id,
        overrideAccess: false,
        user: users.crew,
        data: { password: 'password1234' },
      }),
    ).rejects.toMatchObject({
      data: { errors: [{ path: 'password', message: expect.stringMatching(/comunes|habituals|common/) }] },
    });
  });
});
