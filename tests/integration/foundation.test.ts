import { describe, expect, it } from 'vitest';

import { sitemapEntries } from '@/content/sitemap';
import { listTours } from '@/content/tours';
import { locales } from '@/i18n/locales';
import { routeNames, routes } from '@/i18n/routes';
import { seed } from '@/seed/seed';
import { boardingPointSeeds, boatSeeds, schoolTourSeeds, tourSeeds } from '@/seed/catalog';
import { contentSeedCount } from '@/seed/content';

const seedCount =
  tourSeeds.length + schoolTourSeeds.length + boatSeeds.length + boardingPointSeeds.length + contentSeedCount;

import { committedMigrations, testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();

describe(`foundation on ${testDatabaseKind}`, () => {
  it('runs on the adapter the URL asks for, with every committed migration applied', async () => {
    expect(payload.db.name).toBe(testDatabaseKind);
    const { docs } = await payload.find({ collection: 'payload-migrations', limit: 100 });
    expect(docs.map((d) => d.name)).toContain(
      testDatabaseKind === 'postgres' ? '20261121_145326_initial' : '20261121_145314_initial',
    );
  });

  it('applies migrations idempotently', async () => {
    const migrations = await committedMigrations();
    await payload.db.migrate({ migrations });
    const { totalDocs } = await payload.find({ collection: 'payload-migrations', limit: 100 });
    expect(totalDocs).toBe(migrations.length);
  });

  // Seeding writes the whole catalogue with its images twice: on a busy 2-core CI machine that
  // has taken over a minute, past the suite's default.
  it('seeds the catalogue once and never overwrites what staff changed', { timeout: 180_000 }, async () => {
    const first = await seed(payload);
    expect(first.created).toBe(seedCount);

    const tour = (await payload.find({ collection: 'tours', where: { slug: { equals: 'barcelona-port-40-min' } } }))
      .docs[0]!;
    await payload.update({ collection: 'tours', id: tour.id, locale: 'en', data: { title: 'Edited by staff' } });

    const second = await seed(payload);
    expect(second).toEqual({ created: 0, skipped: seedCount });
    const after = await payload.findByID({ collection: 'tours', id: tour.id, locale: 'en' });
    expect(after.title).toBe('Edited by staff');
    expect((await payload.count({ collection: 'tours' })).totalDocs).toBe(tourSeeds.length);
    await payload.update({ collection: 'tours', id: tour.id, locale: 'en', data: { title: 'Barcelona Port 40 min' } });
  });

  it('stores each language separately and falls back to Catalan where a translation is missing', async () => {
    const created = await payload.create({
      collection: 'school-tours',
      locale: 'ca',
      data: { slug: 'prova-idiomes', title: 'Només en català' },
    });
    const collection = 'school-tours';
    const fr = await payload.findByID({ collection, id: created.id, locale: 'fr' });
    expect(fr.title).toBe('Només en català');
    await payload.update({ collection, id: created.id, locale: 'fr', data: { title: 'Seulement en français' } });
    expect((await payload.findByID({ collection, id: created.id, locale: 'fr' })).title).toBe('Seulement en français');
    expect((await payload.findByID({ collection, id: created.id, locale: 'ca' })).title).toBe('Només en català');
    await payload.delete({ collection, id: created.id });
  });

  it('gives every tour a title in every locale for the menu', async () => {
    for (const locale of locales) {
      const tours = await listTours(locale);
      expect(tours).toHaveLength(tourSeeds.length);
      const expected = tourSeeds.map((t) => t.title[locale]).sort();
      expect(tours.map((t) => t.title).sort()).toEqual(expected);
    }
  });

  it('lists every indexable page of the route table in every locale in the sitemap', async () => {
    const urls = new Set((await sitemapEntries()).map((entry) => new URL(entry.url).pathname));
    const staticRoutes = routeNames.filter((n) => routes[n].sitemap && !routes[n].pattern.includes('['));
    expect(urls.size).toBe((staticRoutes.length + tourSeeds.length + schoolTourSeeds.length) * locales.length);
    expect(urls).toContain('/');
    expect(urls).toContain('/fr/contacto');
    expect(urls).toContain('/en/tour/puerto-y-litoral-aquarium');
    expect(urls).toContain('/es/escuelas/mar-a-la-vista');
    expect([...urls].some((u) => u.includes('tour-test') || u.endsWith('/gracias'))).toBe(false);
  });

  it('refuses a staff redirect whose source is not a clean path', async () => {
    await expect(
      payload.create({ collection: 'redirects', data: { from: 'no-leading-slash', to: '/contacto' } }),
    ).rejects.toThrow();
    await expect(
      payload.create({ collection: 'redirects', data: { from: '/trailing/', to: '/contacto' } }),
    ).rejects.toThrow();
    const ok = await payload.create({
      collection: 'redirects',
      data: { from: '/ofertes-estiu', to: '/tour/barcelona-port-40-min' },
    });
    expect(ok.to).toBe('/tour/barcelona-port-40-min');
  });
});
