import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import * as payloadRest from '@/app/(payload)/api/[...slug]/route';
import { GET as redirectLookup } from '@/app/api/site/redirect/route';
import { shopDb } from '@/booking/db';
import type { Role } from '@/collections/access';
import securityEs from '@/i18n/messages/security/es.json';

import { STAFF_PASSWORD, staffUser } from '../fixtures/boarding-fixtures';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

/**
 * Issue 42, decision 169: the site's content is safe from one bad click or a stolen office
 * password. Every case below was reproduced before the change (what it did then is said).
 */
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Handler = (request: Request, args: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
const handlers = payloadRest as unknown as Record<Method, Handler>;
const errors = securityEs.security.errors;

const payload = useTestPayload();
const tokens = {} as Record<Role, string>;
const ids = {} as Record<Role, number>;
let client = 0;

async function ask(role: Role, method: Method, path: string, body?: unknown) {
  const headers = new Headers({ 'accept-language': 'es', 'x-test-client-ip': `content-${client++}` });
  headers.set('authorization', `JWT ${tokens[role]}`);
  if (body !== undefined) headers.set('content-type', 'application/json');
  const url = new URL(`http://localhost:3000${path}`);
  const slug = url.pathname
    .replace(/^\/api\//, '')
    .split('/')
    .map(decodeURIComponent);
  const response = await handlers[method](
    new Request(url, { method, headers, body: body === undefined ? null : JSON.stringify(body) }),
    { params: Promise.resolve({ slug }) },
  );
  const json = (await response.json().catch(() => ({}))) as {
    doc?: { id: number };
    errors?: { message: string; data?: { errors?: { message: string }[] } }[];
  };
  const messages = (json.errors ?? []).flatMap((e) => [e.message, ...(e.data?.errors ?? []).map((d) => d.message)]);
  return { status: response.status, json, messages };
}

async function count(collection: 'pages' | 'tours' | 'school-tours' | 'boarding-points' | 'closed-days') {
  return (await payload.count({ collection, overrideAccess: true })).totalDocs;
}

let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  for (const role of ['admin', 'office'] as const) {
    const user = await staffUser(payload, role);
    ids[role] = Number(user.id);
    const login = await payload.login({ collection: 'users', data: { email: user.email, password: STAFF_PASSWORD } });
    tokens[role] = login.token!;
  }
  shop = await makeTour(payload, { menuKey: 'museum' });
  await payload.create({ collection: 'pages', locale: 'ca', data: { key: 'about', title: 'Qui som' } });
  await payload.create({ collection: 'pages', locale: 'ca', data: { key: 'legal', title: 'Avís legal' } });
  await payload.create({
    collection: 'school-tours',
    locale: 'ca',
    data: { title: 'Escoles', slug: 'escoles-safety' } as never,
  });
  await payload.create({
    collection: 'boarding-points',
    locale: 'ca',
    data: {
      name: 'Moll de les Drassanes',
      slug: 'drassanes-safety',
      address: 'Moll',
      latitude: 41.37,
      longitude: 2.17,
    },
  });
  await payload.create({ collection: 'closed-days', data: { date: '2030-12-25', note: 'Nadal' } });
});

describe(`content is never deleted or edited in bulk on ${testDatabaseKind}`, () => {
  it('refuses DELETE /api/<collection>?where[id][exists]=true to office and admin alike, in the staff language', async () => {
    const collections = ['pages', 'tours', 'school-tours', 'boarding-points', 'closed-days'] as const;
    const before = await Promise.all(collections.map(count));
    // Before: 200, every document of each collection gone.
    for (const role of ['office', 'admin'] as const) {
      for (const collection of collections) {
        const answer = await ask(role, 'DELETE', `/api/${collection}?where[id][exists]=true`);
        expect({ role, collection, status: answer.status }).toEqual({ role, collection, status: 403 });
        expect(answer.messages).toContain(errors.oneAtATime);
      }
    }
    expect(await Promise.all(collections.map(count))).toEqual(before);
  });

  it('refuses a bulk PATCH that would blank every page', async () => {
    // Before: 200, every page's title replaced.
    const answer = await ask('office', 'PATCH', '/api/pages?where[id][exists]=true', { intro: '' });
    expect(answer.status).toBe(403);
    expect(answer.messages).toContain(errors.oneAtATime);
  });

  it('lets only an admin delete a page, one at a time; office still edits it', async () => {
    const page = await payload.create({
      collection: 'pages',
      locale: 'ca',
      data: { key: 'cookies', title: 'Galetes' },
    });
    const edited = await ask('office', 'PATCH', `/api/pages/${page.id}?locale=ca`, { title: 'Galetes (nou)' });
    expect(edited.status).toBe(200);
    // Before: 200 for office.
    expect((await ask('office', 'DELETE', `/api/pages/${page.id}`)).status).toBe(403);
    expect((await ask('admin', 'DELETE', `/api/pages/${page.id}`)).status).toBe(200);
  });

  it('lets office delete a closed day one at a time', async () => {
    const day = await payload.create({ collection: 'closed-days', data: { date: '2031-01-01', note: 'Cap d’any' } });
    expect((await ask('office', 'DELETE', `/api/closed-days/${day.id}`)).status).toBe(200);
  });
});

describe(`content in use is kept on ${testDatabaseKind}`, () => {
  it('refuses to delete a tour with departures, a boat with departures, naming what uses them', async () => {
    await addDeparture(payload, shop);
    const tour = await ask('admin', 'DELETE', `/api/tours/${shop.tourId}`);
    expect(tour.status).toBe(409);
    expect(tour.messages[0]).toMatch(/Salidas/);
    const boat = await ask('admin', 'DELETE', `/api/boats/${shop.boatId}`);
    expect(boat.status).toBe(409);
    expect(boat.messages[0]).toMatch(/Salidas/);
  });

  it('refuses to delete a boarding point a tour names, a tour a closed day or a price list names, an image a page shows', async () => {
    const spare = await makeTour(payload, { menuKey: 'mercante' });
    const point = await payload.create({
      collection: 'boarding-points',
      locale: 'ca',
      data: { name: 'Portal de la Pau', slug: 'portal-safety', address: 'Portal', latitude: 41.37, longitude: 2.17 },
    });
    await payload.update({ collection: 'tours', id: spare.tourId, data: { boardingPoint: point.id } as never });
    // Before: 200, and the tour silently lost its boarding point.
    const pointAnswer = await ask('admin', 'DELETE', `/api/boarding-points/${point.id}`);
    expect(pointAnswer.status).toBe(409);
    expect(pointAnswer.messages[0]).toBe(errors.inUseBy.replace('{uses}', 'Excursiones'));

    const closed = await payload.create({
      collection: 'closed-days',
      data: { date: '2030-08-15', tour: spare.tourId },
    });
    // Before: 200, and the tour's closed day became a closed day of the whole fleet.
    expect((await ask('admin', 'DELETE', `/api/tours/${spare.tourId}`)).messages[0]).toMatch(/Días cerrados/);
    await payload.delete({ collection: 'closed-days', id: closed.id, overrideAccess: true });

    const reseller = await payload.create({
      collection: 'resellers',
      overrideAccess: true,
      data: { name: 'Viatges Safety', netRates: [{ tour: spare.tourId, category: 'adult', netCents: 1000 }] } as never,
    });
    // Before: 200, the price list row went with the tour.
    const rated = await ask('admin', 'DELETE', `/api/tours/${spare.tourId}`);
    expect(rated.status).toBe(409);
    expect(rated.messages[0]).toMatch(/Revendedores/);
    await payload.delete({ collection: 'resellers', id: reseller.id, overrideAccess: true });
    await payload.delete({ collection: 'boats', id: spare.boatId, overrideAccess: true }).catch(() => {});
    // Nothing uses it any more: it goes.
    expect((await ask('admin', 'DELETE', `/api/tours/${spare.tourId}`)).status).toBe(200);

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1a5a8c' } })
      .png()
      .toBuffer();
    const image = await payload.create({
      collection: 'media',
      overrideAccess: true,
      data: { alt: 'El moll' },
      file: { data: png, mimetype: 'image/png', name: 'moll-safety.png', size: png.length },
    });
    const page = await payload.create({
      collection: 'pages',
      locale: 'ca',
      data: { key: 'companyPolicy', title: 'Política', image: image.id },
    });
    // Before: 200, and the page lost its image. Office may delete images, not one a page shows.
    const shown = await ask('office', 'DELETE', `/api/media/${image.id}`);
    expect(shown.status).toBe(409);
    expect(shown.messages[0]).toBe(errors.inUseBy.replace('{uses}', 'Páginas'));
    await payload.update({ collection: 'pages', id: page.id, data: { image: null } });
    expect((await ask('office', 'DELETE', `/api/media/${image.id}`)).status).toBe(200);
  });
});

describe(`content keeps its versions on ${testDatabaseKind}`, () => {
  it('keeps every save of a page; an admin restores the old text', async () => {
    const page = await payload.create({
      collection: 'pages',
      locale: 'ca',
      data: { key: 'privacy', title: 'Privadesa' },
    });
    expect((await ask('office', 'PATCH', `/api/pages/${page.id}?locale=ca`, { title: 'Esborrat' })).status).toBe(200);
    const versions = await payload.findVersions({
      collection: 'pages',
      where: { parent: { equals: page.id } },
      sort: 'createdAt',
      locale: 'ca',
    });
    expect(versions.docs.map((v) => v.version.title)).toEqual(['Privadesa', 'Esborrat']);
    const restored = await ask('admin', 'POST', `/api/pages/versions/${versions.docs[0]!.id}?locale=ca`);
    expect(restored.status).toBe(200);
    expect((await payload.findByID({ collection: 'pages', id: page.id, locale: 'ca' })).title).toBe('Privadesa');
  });

  it('keeps versions of tours, school tours and the site settings', async () => {
    await payload.update({ collection: 'tours', id: shop.tourId, locale: 'ca', data: { summary: 'Nou resum' } });
    expect(
      (await payload.findVersions({ collection: 'tours', where: { parent: { equals: shop.tourId } } })).totalDocs,
    ).toBeGreaterThan(0);
    await payload.updateGlobal({ slug: 'site', locale: 'ca', data: { slogan: 'Des de 1888' } });
    await payload.updateGlobal({ slug: 'site', locale: 'ca', data: { slogan: 'Esborrat' } });
    const versions = await payload.findGlobalVersions({ slug: 'site', sort: 'createdAt', locale: 'ca' });
    const old = versions.docs.find((v) => v.version.slogan === 'Des de 1888')!;
    const restored = await ask('admin', 'POST', `/api/globals/site/versions/${old.id}?locale=ca`);
    expect(restored.status).toBe(200);
    expect((await payload.findGlobal({ slug: 'site', locale: 'ca' })).slogan).toBe('Des de 1888');
  });
});

describe(`every content change is audited on ${testDatabaseKind}`, () => {
  async function entries(action: string, subject: string) {
    const { rows } = await shopDb(payload).query(
      'SELECT actor, before, after FROM audit_log WHERE action = ? AND subject = ? ORDER BY id',
      [action, subject],
    );
    const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
    return rows.map((row) => ({ actor: row.actor, before: json(row.before), after: json(row.after) }));
  }

  it('records who changed a page, the site settings, a redirect, a boarding point, with before and after', async () => {
    const page = await payload.create({
      collection: 'pages',
      locale: 'ca',
      data: { key: 'terms', title: 'Condicions' },
    });
    // Before: no entry at all.
    await ask('office', 'PATCH', `/api/pages/${page.id}?locale=ca`, { title: 'Condicions generals' });
    expect(await entries('pages.updated', `pages:${page.id}`)).toEqual([
      { actor: `user:${ids.office}`, before: { title: 'Condicions' }, after: { title: 'Condicions generals' } },
    ]);
    await ask('office', 'POST', '/api/globals/site?locale=ca', { openingTimes: 'De 10 a 19 h' });
    // (The admin's restore of an earlier version, above, is there too: a change like any other.)
    expect((await entries('site.updated', 'site')).filter((e) => e.actor === `user:${ids.office}`)).toEqual([
      { actor: `user:${ids.office}`, before: { openingTimes: null }, after: { openingTimes: 'De 10 a 19 h' } },
    ]);
    const redirect = await ask('office', 'POST', '/api/redirects', { from: '/ca/audit-vell', to: '/ca/audit-nou' });
    expect(redirect.status).toBe(201);
    expect(await entries('redirects.created', `redirects:${redirect.json.doc!.id}`)).toEqual([
      expect.objectContaining({ actor: `user:${ids.office}`, before: null }),
    ]);
    await ask('admin', 'DELETE', `/api/pages/${page.id}`);
    expect(await entries('pages.deleted', `pages:${page.id}`)).toEqual([
      expect.objectContaining({ actor: `user:${ids.admin}`, after: null }),
    ]);
  });
});

describe(`redirects stay inside the site on ${testDatabaseKind}`, () => {
  it('refuses an outside address from office, takes a path, and an https host only once an admin allowed it', async () => {
    // Before: 201 for each of these.
    for (const to of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'http://evil.example/']) {
      const answer = await ask('office', 'POST', '/api/redirects', { from: `/ca/old-${client}`, to });
      expect({ to, status: answer.status }).toEqual({ to, status: 400 });
      expect(answer.messages).toContain(errors.redirectOutside);
    }
    expect((await ask('office', 'POST', '/api/redirects', { from: '/ca/ofertes', to: '/ca/excursions' })).status).toBe(
      201,
    );
    // Office cannot allow a host (the field is an admin's); an admin can.
    await ask('office', 'POST', '/api/globals/site', { allowedRedirectHosts: 'evil.example' });
    expect((await payload.findGlobal({ slug: 'site' })).allowedRedirectHosts ?? null).toBeNull();
    expect((await ask('admin', 'POST', '/api/globals/site', { allowedRedirectHosts: 'not a host/' })).status).toBe(400);
    expect(
      (await ask('admin', 'POST', '/api/globals/site', { allowedRedirectHosts: 'botiga.example.com' })).status,
    ).toBe(200);
    const shopLink = { from: '/ca/botiga', to: 'https://botiga.example.com/ofertes' };
    expect((await ask('office', 'POST', '/api/redirects', shopLink)).status).toBe(201);
    const tricked = { from: '/ca/botiga2', to: 'https://botiga.example.com@evil.example/' };
    expect((await ask('office', 'POST', '/api/redirects', tricked)).status).toBe(400);
  });

  it('sends nobody outside from a redirect saved before the check', async () => {
    const now = new Date().toISOString();
    await shopDb(payload).query('INSERT INTO redirects ("from", "to", updated_at, created_at) VALUES (?, ?, ?, ?)', [
      '/ca/vell-extern',
      'https://evil.example/',
      now,
      now,
    ]);
    const answer = await redirectLookup(new Request('http://localhost:3000/api/site/redirect?path=/ca/vell-extern'));
    expect(await answer.json()).toEqual({ to: null });
    const inside = await redirectLookup(new Request('http://localhost:3000/api/site/redirect?path=/ca/ofertes'));
    expect(await inside.json()).toEqual({ to: '/ca/excursions' });
  });
});

describe(`a reseller's webhook never points inside our network on ${testDatabaseKind}`, () => {
  it('refuses private, metadata and mapped addresses and names that resolve to them when saved', async () => {
    // The resolver Payload's collection uses: startTestPayload() may have reloaded the app's modules
    // after this file's top-level imports ran.
    const { webhookDns } = await import('@/resellers/octo/webhook-address');
    const resolve = vi.spyOn(webhookDns, 'resolve').mockImplementation(async (host) => {
      if (host === 'hooks.reseller.test') return [{ address: '203.0.113.10', family: 4 }];
      if (host === 'metadata.reseller.test') return [{ address: '169.254.169.254', family: 4 }];
      throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    try {
      const reseller = await payload.create({
        collection: 'resellers',
        overrideAccess: true,
        data: { name: 'Webhook Safety' } as never,
      });
      const refused = [
        'http://169.254.169.254/latest/meta-data/',
        'https://10.0.0.5/hook',
        'https://192.168.1.1/hook',
        'https://[::ffff:169.254.169.254]/hook',
        'https://[fd00::1]/hook',
        'https://0.0.0.0/hook',
        'https://metadata.reseller.test/hook',
        'https://nowhere.reseller.test/hook',
        'ftp://hooks.reseller.test/hook',
      ];
      for (const webhookUrl of refused) {
        // Before: 200 for each of these.
        const answer = await ask('admin', 'PATCH', `/api/resellers/${reseller.id}`, { webhookUrl });
        expect({ webhookUrl, status: answer.status }).toEqual({ webhookUrl, status: 400 });
        expect(answer.messages).toContain(errors.webhookUrl);
      }
      const fine = await ask('admin', 'PATCH', `/api/resellers/${reseller.id}`, {
        webhookUrl: 'https://hooks.reseller.test/octo',
      });
      expect(fine.status).toBe(200);
      expect(resolve).toHaveBeenCalledWith('hooks.reseller.test');
      // A URL stored before the rule does not block other edits (a key rotation, a commission):
      // the sender refuses it when posting (src/resellers/octo/webhook-address.test.ts).
      await shopDb(payload).query('UPDATE resellers SET webhook_url = ? WHERE id = ?', [
        'http://10.0.0.9/hook',
        reseller.id,
      ]);
      expect((await ask('admin', 'PATCH', `/api/resellers/${reseller.id}`, { commissionPercent: 15 })).status).toBe(
        200,
      );
    } finally {
      resolve.mockRestore();
    }
  });
});
