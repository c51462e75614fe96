import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

import * as payloadRest from '@/app/(payload)/api/[...slug]/route';
import { createHold } from '@/booking/holds';
import securityEs from '@/i18n/messages/security/es.json';
import { FORGOT_PASSWORD_FLOOR_MS } from '@/collections/rest-guard';

import { addDeparture, customer, makeTour, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

/**
 * Issue 42: Payload's REST API answered 318 of 7,055 fuzzed requests with a 5xx (`where=abc`,
 * `/api/tours/me`, `page=-1`, `where[id][in]=1,abc`). Here every collection and global of the
 * config, by id and as a list, with every method, gets query strings built from Payload's own
 * parameters (where/sort/page/limit/depth/locale/draft, valid and not), anonymously and as each
 * role; no answer may be a 5xx, and no answer may show a role what it must not read. In-process
 * (the route's handlers), so 5,000 requests take seconds, not minutes. FUZZ_SEED explores others.
 */
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Handler = (request: Request, args: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
const handlers = payloadRest as unknown as Record<Method, Handler>;
type Role = 'admin' | 'office' | 'crew';

const payload = useTestPayload();
const seed = Number(process.env.FUZZ_SEED ?? 20261129);
const RUNS = Number(process.env.PAYLOAD_FUZZ_RUNS ?? 5200);

const tokens: Record<Role, string> = { admin: '', office: '', crew: '' };
const ids: Record<string, string> = {};
let collections: string[] = [];
let globals: string[] = [];
let client = 0;

// What each reader may never see, whatever it asks (src/security/policy.ts): anonymous visitors
// no personal or back-office data at all, the crew no money, resellers or other people's bookings.
const hiddenFrom: Record<'anonymous' | 'crew', string[]> = {
  anonymous: [
    'bookings',
    'tickets',
    'users',
    'payment-events',
    'payment-notifications',
    'booking-moves',
    'resellers',
    'reseller-webhooks',
    'audit-log',
    'requests',
    'email-log',
    'payload-preferences',
    'payload-locked-documents',
    'payload-jobs',
  ],
  crew: ['payment-events', 'payment-notifications', 'resellers', 'reseller-webhooks', 'booking-moves'],
};
/** Secrets no answer names, to anybody. */
const SECRET_KEYS = ['keyHash', 'nextKeyHash', 'hash', 'salt', 'resetPasswordToken', 'webhookSecret'];

beforeAll(async () => {
  const config = await payload.config;
  collections = config.collections.filter((c) => c.endpoints !== false).map((c) => c.slug);
  globals = config.globals.map((g) => g.slug);
  for (const role of ['admin', 'office', 'crew'] as const) {
    const email = `${role}-restfuzz@example.com`;
    const password = `long enough ${role} password 2026`;
    await payload.create({ collection: 'users', data: { email, password, role } as never });
    tokens[role] = (await payload.login({ collection: 'users', data: { email, password } })).token!;
  }
  // Something to leak: a tour, a departure, a held booking with its payer's details.
  const shop = await makeTour(payload, { menuKey: 'magic', boatCapacity: 100 });
  const departure = await addDeparture(payload, shop, { capacity: 100 });
  const held = await createHold(payload, {
    departureId: departure,
    selection: selection({ adult: 2 }),
    customer,
    locale: 'ca',
  });
  if (!held.ok) throw new Error(held.error);
  for (const slug of collections) {
    const found = await payload.find({ collection: slug as never, limit: 1, depth: 0, overrideAccess: true });
    if (found.docs[0]) ids[slug] = String((found.docs[0] as { id: unknown }).id);
  }
});

const value = fc.oneof(
  fc.constantFrom('1', '0', '-1', '-5', 'abc', '', '1,abc', '1,2', '1e400', '3000000000', '2026-06-01', 'true', '%00'),
  fc.integer({ min: -3, max: 50 }).map(String),
  fc.string({ maxLength: 6 }),
);
const field = fc.constantFrom(
  'id',
  'title',
  'slug',
  'createdAt',
  'updatedAt',
  'capacity',
  'tour',
  'tour.title',
  'departure',
  'email',
  'status',
  'role',
  'nonexistent',
  'version.title',
);
const operator = fc.constantFrom(
  'equals',
  'not_equals',
  'in',
  'not_in',
  'all',
  'exists',
  'greater_than',
  'less_than_equal',
  'like',
  'contains',
  'near',
  'within',
);
const queryPart: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(
    fc.constant('where'),
    fc.oneof(value, fc.constantFrom('{"id":{"equals":1}}', '{"id":{"in":"1,abc"}}', '[]')),
  ),
  fc.tuple(
    fc.tuple(field, operator).map(([f, o]) => `where[${f}][${o}]`),
    value,
  ),
  fc.tuple(
    fc.tuple(field, operator).map(([f, o]) => `where[or][0][${f}][${o}]`),
    value,
  ),
  fc.tuple(
    fc.tuple(field, operator).map(([f, o]) => `where[and][1][${f}][${o}]`),
    value,
  ),
  fc.tuple(
    fc.tuple(field, fc.constantFrom('in', 'not_in')).map(([f, o]) => `where[${f}][${o}][0]`),
    value,
  ),
  fc.tuple(
    fc.constant('sort'),
    fc.oneof(value, fc.constantFrom('title', '-createdAt', 'id,-id', '-', 'nonexistent', 'tour.title', ',', 'a b')),
  ),
  fc.tuple(fc.constantFrom('page', 'limit', 'depth'), value),
  fc.tuple(fc.constantFrom('locale', 'fallback-locale'), fc.oneof(value, fc.constantFrom('ca', 'es', 'all', 'de'))),
  fc.tuple(fc.constantFrom('draft', 'trash', 'pagination'), value),
  fc.tuple(fc.constantFrom('select[title]', 'populate[media]', 'joins', 'data'), value),
);
/** Well-formed parameters, so that most requests get past the guard to Payload and its access rules. */
const validPart: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(fc.constant('page'), fc.integer({ min: 1, max: 3 }).map(String)),
  fc.tuple(fc.constant('limit'), fc.integer({ min: 0, max: 20 }).map(String)),
  fc.tuple(fc.constant('depth'), fc.integer({ min: 0, max: 2 }).map(String)),
  fc.tuple(fc.constant('sort'), fc.constantFrom('id', '-id', 'createdAt', '-updatedAt,id')),
  fc.tuple(fc.constantFrom('where[id][equals]', 'where[id][not_equals]', 'where[id][in]'), fc.nat(5).map(String)),
  fc.tuple(fc.constant('where[createdAt][less_than]'), fc.constantFrom('2030-01-01', '2000-01-01T00:00:00Z')),
  fc.tuple(fc.constantFrom('locale', 'fallback-locale'), fc.constantFrom('ca', 'es', 'en', 'fr', 'all', 'none')),
  fc.tuple(fc.constantFrom('draft', 'pagination'), fc.constantFrom('true', 'false')),
);
const bodies = fc.oneof(
  fc.constantFrom('{}', '{"title":"Fuzz"}', '{"capacity":-1}', '{"capacity":"abc"}', '{"tour":"abc"}', '{"id":"x"}'),
  fc
    .dictionary(fc.constantFrom('title', 'slug', 'capacity', 'status', 'alt', 'name', 'key'), value, { maxKeys: 3 })
    .map((o) => JSON.stringify(o)),
);
const idOf = fc.oneof(
  fc.constant('known'),
  fc.constantFrom('1', '0', '-1', 'abc', '99999', '3000000000', '1.5', 'me', 'count', 'versions', 'login'),
);

function hidden(role: Role | null, slug: string): boolean {
  if (role === null) return hiddenFrom.anonymous.includes(slug);
  if (role === 'crew') return hiddenFrom.crew.includes(slug);
  return false;
}

/** Documents in an answer: a list's `docs`, a single document, an update's `doc`. */
function documentsIn(body: unknown): unknown[] {
  if (typeof body !== 'object' || body === null) return [];
  const b = body as { docs?: unknown[]; doc?: unknown; id?: unknown; totalDocs?: number };
  if (Array.isArray(b.docs)) return b.docs;
  if (b.doc) return [b.doc];
  if (b.id !== undefined) return [b];
  return [];
}

function secretsIn(text: string): string[] {
  return SECRET_KEYS.filter((key) => text.includes(`"${key}":"`));
}

describe(`Payload's REST API on ${testDatabaseKind}: generated queries for every slug and role`, () => {
  it(`answers ${RUNS} requests without a 5xx or a document a role may not read`, async () => {
    const byStatus = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          role: fc.constantFrom(null, 'admin', 'office', 'crew') as fc.Arbitrary<Role | null>,
          // Reads are most of the traffic and of what may leak; writes are a quarter.
          method: fc.constantFrom<Method>('GET', 'GET', 'GET', 'GET', 'GET', 'POST', 'PATCH', 'DELETE'),
          target: fc.oneof(
            { weight: 5, arbitrary: fc.nat().map((n) => ({ kind: 'collection' as const, n })) },
            { weight: 1, arbitrary: fc.nat().map((n) => ({ kind: 'global' as const, n })) },
          ),
          byId: fc.boolean(),
          id: idOf,
          suffix: fc.constantFrom('', '', '', '/count', '/versions', '/me', '/access'),
          query: fc.oneof(
            { weight: 2, arbitrary: fc.array(validPart, { maxLength: 3 }) },
            { weight: 1, arbitrary: fc.array(fc.oneof(validPart, queryPart), { maxLength: 4 }) },
          ),
          body: bodies,
        }),
        async (c) => {
          const isGlobal = c.target.kind === 'global';
          const slug = isGlobal ? globals[c.target.n % globals.length]! : collections[c.target.n % collections.length]!;
          const id = c.id === 'known' ? (ids[slug] ?? '1') : c.id;
          // The fuzz's own sign-ins stay valid: nothing writes to users or deletes every row.
          const method = slug === 'users' && c.method !== 'GET' ? 'GET' : c.method;
          const path = isGlobal
            ? `/api/globals/${slug}${c.byId ? '/versions' : ''}`
            : `/api/${slug}${c.byId ? `/${encodeURIComponent(id)}` : c.suffix}`;
          const url = new URL(`http://localhost:3000${path}`);
          for (const [key, v] of c.query) url.searchParams.append(key, v);
          if (method === 'DELETE' && !c.byId) url.searchParams.set('where[id][equals]', id);
          const headers = new Headers({ 'accept-language': 'es', 'x-test-client-ip': `restfuzz-${client++}` });
          if (c.role) headers.set('authorization', `JWT ${tokens[c.role]}`);
          const withBody = method === 'POST' || method === 'PATCH';
          if (withBody) headers.set('content-type', 'application/json');
          const request = new Request(url, { method, headers, body: withBody ? c.body : null });
          const params = url.pathname
            .replace(/^\/api\//, '')
            .split('/')
            .map(decodeURIComponent);
          let response: Response;
          try {
            response = await handlers[method](request, { params: Promise.resolve({ slug: params }) });
          } catch (error) {
            throw new Error(`threw ${method} ${url.pathname}${url.search}: ${String(error).slice(0, 200)}`);
          }
          byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
          const text = await response.text();
          const where = `${c.role ?? 'anonymous'} ${method} ${decodeURIComponent(url.pathname + url.search)}`;
          if (response.status >= 500) throw new Error(`${response.status} ${where}: ${text.slice(0, 200)}`);
          const secrets = secretsIn(text);
          if (secrets.length) throw new Error(`${where} answered ${secrets.join(', ')}`);
          if (response.ok && !isGlobal && hidden(c.role, slug)) {
            const body = JSON.parse(text) as { totalDocs?: number };
            const shown = documentsIn(body);
            if (shown.length > 0 || (body.totalDocs ?? 0) > 0) {
              throw new Error(`${where} showed ${shown.length || body.totalDocs} document(s): ${text.slice(0, 200)}`);
            }
          }
          return true;
        },
      ),
      { numRuns: RUNS, seed, endOnFailure: true },
    );
    console.log(`Payload REST fuzz on ${testDatabaseKind}: ${JSON.stringify(Object.fromEntries(byStatus))}`);
    const total = [...byStatus.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(RUNS);
    // The fuzz reached past the guard: real answers, not only refusals.
    expect(byStatus.get(200) ?? 0).toBeGreaterThan(RUNS / 8);
  }, 240_000);
});

describe(`Payload's REST API on ${testDatabaseKind}: the reported requests`, () => {
  const ask = async (method: Method, path: string, role: Role | null = null, body?: string) => {
    const url = new URL(`http://localhost:3000${path}`);
    const headers = new Headers({ 'accept-language': 'es', 'x-test-client-ip': `restfuzz-${client++}` });
    if (role) headers.set('authorization', `JWT ${tokens[role]}`);
    if (body !== undefined) headers.set('content-type', 'application/json');
    const slug = url.pathname
      .replace(/^\/api\//, '')
      .split('/')
      .map(decodeURIComponent);
    const response = await handlers[method](new Request(url, { method, headers, body: body ?? null }), {
      params: Promise.resolve({ slug }),
    });
    return { status: response.status, text: await response.text() };
  };

  it('answers malformed queries 400 and sign-in routes of other collections 404, in the visitor language', async () => {
    const cases: [string, number][] = [
      ['/api/boats?where=abc', 400],
      ['/api/boats?where=[]', 400],
      ['/api/tours/me', 404],
      ['/api/tours/login', 404],
      ['/api/tours?page=-1', 400],
      ['/api/tours?page=0', 400],
      ['/api/tours?page=abc', 400],
      ['/api/tours?limit=-5', 400],
      ['/api/tours?depth=abc', 400],
      ['/api/tours?depth=1&depth=2', 400],
      ['/api/tours?where[id][in]=1,abc', 400],
      ['/api/tours?where[id][in][0]=abc', 400],
      ['/api/tours?where[id][not_in]=x', 400],
      ['/api/tours?where[id][all]=1', 400],
      ['/api/tours?where[id][near]=1,2', 400],
      ['/api/tours?where[createdAt][equals]=abc', 400],
      ['/api/departures?where[tour][equals]=abc', 400],
      ['/api/tours?where={"id":{"in":"1,abc"}}', 400],
      ['/api/tours/count?where=abc', 400],
      ['/api/tours?sort=%00', 400],
      ['/api/tours?sort=-', 400],
      ['/api/tours?data=abc', 400],
      ['/api/media/count?where[and][1][createdAt][like]=47', 400],
      ['/api/media/access', 404],
      // Internal endpoints: nothing served, nothing named.
      ['/api/graphql', 404],
      ['/api/graphql-playground', 404],
    ];
    for (const [path, status] of cases) {
      const answer = await ask('GET', path);
      expect({ path, status: answer.status }).toEqual({ path, status });
      expect(answer.text).not.toMatch(/localhost|3000|drizzle|sqlite|postgres|stack/i);
    }
    // The admin's long queries: a POST whose form body is the query.
    const asForm = (body: string) =>
      handlers.POST(
        new Request('http://localhost:3000/api/tours', {
          method: 'POST',
          headers: {
            'x-payload-http-method-override': 'GET',
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `JWT ${tokens.admin}`,
          },
          body,
        }),
        { params: Promise.resolve({ slug: ['tours'] }) },
      );
    expect((await asForm('where[id][in]=1,abc')).status).toBe(400);
    expect((await asForm('page=-1')).status).toBe(400);
    expect((await asForm('where[id][in]=1,2&limit=5')).status).toBe(200);
    expect(JSON.parse((await ask('GET', '/api/boats?where=abc')).text)).toMatchObject({
      errors: [{ message: securityEs.security.errors.invalidRequest }],
    });
    expect(JSON.parse((await ask('GET', '/api/tours/me')).text)).toMatchObject({
      errors: [{ message: securityEs.security.errors.notFound }],
    });
  });

  it('still serves well-formed queries, the admin’s included', async () => {
    for (const path of [
      '/api/tours?page=2&limit=5&depth=1&sort=-createdAt,title',
      '/api/tours?where[id][in]=1,2',
      '/api/tours?where={"id":{"equals":1}}',
      '/api/tours?where[or][0][title][like]=abc&where[or][1][id][like]=abc',
      '/api/tours?where[updatedAt][greater_than]=2026-01-01T00:00:00.000Z',
      '/api/departures?where[tour][equals]=1&limit=0',
      '/api/departures?where[tour.title][like]=x',
      '/api/departures?where[tour][equals]=null&where[status][in]=scheduled,cancelled',
      '/api/tours?locale=es&draft=false&depth=0',
      '/api/users/me',
    ]) {
      expect({ path, status: (await ask('GET', path, 'admin')).status }).toEqual({ path, status: 200 });
    }
  });

  // Decision 047 made logins take the same time for unknown addresses; a password reset for an
  // unknown address still answered at once, a known one only after writing its token (issue 42).
  it('takes the same time for a password reset whether or not the address has an account', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await ask('POST', '/api/users/forgot-password', null, JSON.stringify({ email }));
      return { status: answer.status, ms: performance.now() - started };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await timed('office-restfuzz@example.com');
      const b = await timed(`nobody-${i}@example.com`);
      expect([a.status, b.status]).toEqual([200, 200]);
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[1]!;
    for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_FLOOR_MS - 5);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(FORGOT_PASSWORD_FLOOR_MS / 4);
  });
});
