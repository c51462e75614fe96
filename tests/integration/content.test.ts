import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';

import { picture } from '@/content/media';
import { getHome, getPage, getSite, listBoats, listPastImages } from '@/content/site';
import { getSchoolTourPage, getTourPage } from '@/content/tours';
import { locales } from '@/i18n/locales';
import { tourSeeds } from '@/seed/catalog';
import { homeSeed, mediaSeeds, pageSeeds, pastImageSeeds, siteSeed } from '@/seed/content-site';
import { tourContentFor } from '@/seed/content-tours';
import { seed } from '@/seed/seed';

import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();

beforeAll(async () => {
  await seed(payload);
  // Seeding four languages and ten images takes a while on a busy machine.
}, 240_000);

describe(`content on ${testDatabaseKind}`, () => {
  it('gives every tour its page content in each language, never another language’s text', async () => {
    for (const tourSeed of tourSeeds) {
      const expected = tourContentFor(tourSeed);
      for (const locale of locales) {
        const tour = await getTourPage(tourSeed.slug, locale);
        expect(tour?.description, `${tourSeed.slug} ${locale}`).toBe(expected.description[locale]);
        expect(tour?.includes?.map((row) => row.item)).toEqual(expected.includes[locale]);
        expect(tour?.faq?.[0]?.question).toBe(expected.faq[locale][0]!.question);
        if (locale !== 'ca') expect(tour?.description).not.toBe(expected.description.ca);
      }
    }
    const aquarium = await getTourPage('puerto-y-litoral-aquarium', 'en');
    expect(aquarium?.audioGuide).toContain('3.00 EUR');
    expect(aquarium?.audioGuide).toContain('nine languages');
    expect(aquarium?.languagesOnBoard).toEqual(['ca', 'es', 'en', 'fr']);
    const point = aquarium?.boardingPoint;
    expect(typeof point === 'object' && point?.slug).toBe('portal-de-la-pau');
    const hero = aquarium?.heroImage;
    expect(picture(hero)?.url).toMatch(/^\/api\/media\/file\/.+\.svg\?v=[a-z0-9-]+$/);
    expect(typeof hero === 'object' && hero?.alt).toMatch(/golondrina/i);
  });

  it('stores the alt text of every image in four languages', async () => {
    const { docs } = await payload.find({ collection: 'media', locale: 'all' as never, limit: 100 });
    expect(docs).toHaveLength(mediaSeeds.length);
    for (const doc of docs) {
      const alt = doc.alt as unknown as Record<string, string>;
      expect(new Set(locales.map((l) => alt[l])).size, doc.filename ?? '').toBe(4);
    }
  });

  it('fills the school tours with their programmes and the 40-student minimum', async () => {
    const school = await getSchoolTourPage('mar-a-la-vista', 'en');
    expect(school?.programmes?.map((p) => p.title)).toEqual([
      'Sea at sight 90 min Port Forum',
      'Sea at sight 60 min Olympic Port',
    ]);
    expect(school?.minStudents).toBe(40);
    const port = await getSchoolTourPage('puerto-a-la-vista', 'es');
    expect(port?.programmes?.[0]).toMatchObject({ title: 'Puerto a la vista', durationMinutes: 60 });
    expect(port?.learning?.length).toBeGreaterThan(0);
  });

  it('serves the home page lists, the site texts, the fleet and the archive', async () => {
    const home = await getHome('fr');
    expect(home.featured.map((t) => t.slug)).toEqual(homeSeed.featuredTours);
    expect(home.combined.map((t) => t.slug)).toEqual(homeSeed.combinedTours);
    expect(home.forum.map((t) => t.slug)).toEqual(homeSeed.forumTours);
    expect(home.featured[0]?.image?.url).toMatch(/\.svg\?v=[a-z0-9-]+$/);
    expect(home.gallery).toHaveLength(homeSeed.gallery.length);

    const site = await getSite('fr');
    expect(site.slogan).toBe(siteSeed.slogan.fr);
    expect(site.historyText).toContain('1888');

    const boats = await listBoats('en');
    expect(boats.every((boat) => boat.picture?.url)).toBe(true);

    const past = await listPastImages('es');
    expect(past.map((p) => p.year)).toEqual(pastImageSeeds.map((p) => p.year).sort());
    expect(past[0]?.caption).toBe(pastImageSeeds[0]!.caption.es);
  });

  it('has every text page with a rich-text body in every language', async () => {
    for (const pageSeed of pageSeeds) {
      for (const locale of locales) {
        const page = await getPage(pageSeed.key, locale);
        expect(page?.title).toBe(pageSeed.title[locale]);
        const json = JSON.stringify(page?.body);
        const firstHeading = pageSeed.body[locale].find((b) => b.h2)?.h2 ?? '';
        expect(json).toContain(JSON.stringify(firstHeading).slice(1, -1));
      }
    }
  });

  it('never overwrites content staff have edited when the seed runs again', { timeout: 120_000 }, async () => {
    const tour = await getTourPage('barcelona-port-40-min', 'en');
    await payload.update({
      collection: 'tours',
      id: tour!.id,
      locale: 'en',
      data: { description: 'Staff wrote this.' },
    });
    await payload.updateGlobal({ slug: 'site', locale: 'en', data: { slogan: 'Staff slogan' } });
    const again = await seed(payload);
    expect(again.created).toBe(0);
    expect((await getTourPage('barcelona-port-40-min', 'en'))?.description).toBe('Staff wrote this.');
    expect((await getSite('en')).slogan).toBe('Staff slogan');
  });

  it("keeps a camera's photo no wider than 2,400 px and offers pages its 640 and 1,600 px copies", async () => {
    const photo = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: { r: 20, g: 90, b: 140 } },
    })
      .jpeg()
      .toBuffer();
    const created = await payload.create({
      collection: 'media',
      overrideAccess: true,
      data: { alt: 'A photo from a camera' },
      file: { data: photo, mimetype: 'image/jpeg', name: 'quay-photo.jpg', size: photo.length },
    });
    try {
      expect([created.width, created.height, created.mimeType]).toEqual([2400, 1600, 'image/webp']);
      expect(created.sizes?.card).toMatchObject({ width: 640, height: 427 });
      expect(created.sizes?.hero).toMatchObject({ width: 1600, height: 1067 });
      const offered = picture(created)!;
      expect(offered.srcSet?.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual([
        '640w',
        '1600w',
        '2400w',
      ]);
      for (const candidate of offered.srcSet!.split(', ')) {
        expect(candidate).toMatch(/^\/api\/media\/file\/quay-photo[^ ]*\.webp\?v=[a-z0-9-]+ \d+w$/);
      }
    } finally {
      await payload.delete({ collection: 'media', id: created.id, overrideAccess: true });
    }
  });

  it('gives an image a new URL when staff replace its file, the same URL otherwise', async () => {
    const images = path.resolve('src/seed/images');
    const created = await payload.create({
      collection: 'media',
      overrideAccess: true,
      data: { alt: 'Replaced in the test' },
      filePath: path.join(images, 'harbour-evening.svg'),
    });
    try {
      const before = picture(created)!.url;
      expect(before).toMatch(/\?v=[a-z0-9-]+$/);
      const reread = await payload.findByID({ collection: 'media', id: created.id, overrideAccess: true });
      expect(picture(reread)!.url).toBe(before);
      // updatedAt has millisecond precision: make sure the replacement is not in the same one.
      for (const at = Date.now(); Date.now() === at;) await new Promise((resolve) => setImmediate(resolve));
      const replaced = await payload.update({
        collection: 'media',
        id: created.id,
        overrideAccess: true,
        data: {},
        filePath: path.join(images, 'port-forum.svg'),
      });
      expect(picture(replaced)!.url).not.toBe(before);
    } finally {
      await payload.delete({ collection: 'media', id: created.id, overrideAccess: true });
    }
  });
});
