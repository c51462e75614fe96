import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Payload } from 'payload';

import { defaultLocale, locales, type Locale } from '@/i18n/locales';

import { schoolTourSeeds, tourSeeds } from './catalog';
import {
  boatPhotoBySlug,
  homeSeed,
  mediaSeeds,
  pageSeeds,
  pastImageSeeds,
  schoolContentSeeds,
  siteSeed,
} from './content-site';
import { tourContentFor } from './content-tours';
import { richTextFromBlocks } from './rich-text';

const imagesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'images');
const otherLocales = locales.filter((l) => l !== defaultLocale);

export type SeedResult = { created: number; skipped: number };
type MediaIds = Map<string, number | string>;

function mediaId(ids: MediaIds, key: string) {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Seed image "${key}" is missing`);
  return id;
}

/** Imports our drawings once (matched by file name), with their alt text in four languages. */
export async function seedMedia(payload: Payload): Promise<SeedResult & { ids: MediaIds }> {
  const ids: MediaIds = new Map();
  const result = { created: 0, skipped: 0 };
  // Payload renames an upload whose file name is taken on disk (harbour-panorama-1.svg).
  const { docs: library } = await payload.find({ collection: 'media', limit: 1000, depth: 0, overrideAccess: true });
  for (const item of mediaSeeds) {
    const base = item.file.replace(/\.svg$/, '');
    const existing = library.find((doc) => new RegExp(`^${base}(-\\d+)?\\.svg$`).test(doc.filename ?? ''));
    if (existing) {
      ids.set(item.key, existing.id);
      result.skipped++;
      continue;
    }
    const created = await payload.create({
      collection: 'media',
      locale: defaultLocale,
      overrideAccess: true,
      data: { alt: item.alt[defaultLocale] },
      filePath: path.join(imagesDir, item.file),
    });
    for (const locale of otherLocales) {
      await payload.update({
        collection: 'media',
        id: created.id,
        locale,
        overrideAccess: true,
        data: { alt: item.alt[locale] },
      });
    }
    ids.set(item.key, created.id);
    result.created++;
  }
  return { ...result, ids };
}

async function idBySlug(payload: Payload, collection: 'boarding-points' | 'tours', slug: string) {
  const { docs } = await payload.find({
    collection,
    where: { slug: { equals: slug } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  });
  if (!docs[0]) throw new Error(`Seed needs ${collection} "${slug}"`);
  return docs[0].id;
}

/** Writes one document's shared fields in Catalan, then each other language's text. */
async function fillLocalized<T extends 'tours' | 'school-tours'>(
  payload: Payload,
  collection: T,
  id: number | string,
  shared: Record<string, unknown>,
  localized: (locale: Locale) => Record<string, unknown>,
) {
  await payload.update({
    collection,
    id,
    locale: defaultLocale,
    overrideAccess: true,
    data: { ...shared, ...localized(defaultLocale) } as never,
  });
  for (const locale of otherLocales) {
    await payload.update({ collection, id, locale, overrideAccess: true, data: localized(locale) as never });
  }
}

/**
 * Fills the page content of tours that have none yet (no description and no hero image): a tour
 * staff have written or illustrated is never touched.
 */
export async function seedTourContent(payload: Payload, media: MediaIds): Promise<SeedResult> {
  const result = { created: 0, skipped: 0 };
  for (const seed of tourSeeds) {
    const { docs } = await payload.find({
      collection: 'tours',
      where: { slug: { equals: seed.slug } },
      locale: defaultLocale,
      limit: 1,
      depth: 0,
      overrideAccess: true,
    });
    const tour = docs[0];
    if (!tour || tour.description || tour.heroImage) {
      result.skipped++;
      continue;
    }
    const content = tourContentFor(seed);
    const shared = {
      heroImage: mediaId(media, content.heroImage),
      boardingPoint: await idBySlug(payload, 'boarding-points', content.boardingPoint),
      priceFromCents: content.priceFromCents,
      languagesOnBoard: ['ca', 'es', 'en', 'fr'],
      gallery: [{ image: mediaId(media, 'golondrina-boat') }, { image: mediaId(media, content.heroImage) }],
    };
    await fillLocalized(payload, 'tours', tour.id, shared, (locale) => ({
      description: content.description[locale],
      includes: content.includes[locale].map((item) => ({ item })),
      departuresWeekday: content.departuresWeekday[locale],
      departuresWeekend: content.departuresWeekend[locale],
      audioGuide: content.audioGuide?.[locale] ?? null,
      faq: content.faq[locale],
      seo: { title: seed.title[locale], description: seed.summary[locale] },
    }));
    result.created++;
  }
  return result;
}

export async function seedSchoolContent(payload: Payload, media: MediaIds): Promise<SeedResult> {
  const result = { created: 0, skipped: 0 };
  for (const seed of schoolTourSeeds) {
    const content = schoolContentSeeds[seed.slug];
    const { docs } = await payload.find({
      collection: 'school-tours',
      where: { slug: { equals: seed.slug } },
      locale: defaultLocale,
      limit: 1,
      depth: 0,
      overrideAccess: true,
    });
    const school = docs[0];
    if (!content || !school || school.description || school.heroImage) {
      result.skipped++;
      continue;
    }
    await fillLocalized(
      payload,
      'school-tours',
      school.id,
      {
        heroImage: mediaId(media, content.heroImage),
        boardingPoint: await idBySlug(payload, 'boarding-points', content.boardingPoint),
        minStudents: content.minStudents,
      },
      (locale) => ({
        description: content.description[locale],
        programmes: content.programmes[locale],
        learning: content.learning[locale],
        practical: content.practical[locale],
      }),
    );
    result.created++;
  }
  return result;
}

export async function seedPastImages(payload: Payload, media: MediaIds): Promise<SeedResult> {
  const result = { created: 0, skipped: 0 };
  for (const seed of pastImageSeeds) {
    const existing = await payload.find({
      collection: 'past-images',
      where: { key: { equals: seed.key } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
    });
    if (existing.docs.length > 0) {
      result.skipped++;
      continue;
    }
    const created = await payload.create({
      collection: 'past-images',
      locale: defaultLocale,
      overrideAccess: true,
      data: {
        key: seed.key,
        year: seed.year,
        image: mediaId(media, seed.image) as number,
        caption: seed.caption[defaultLocale],
      },
    });
    for (const locale of otherLocales) {
      await payload.update({
        collection: 'past-images',
        id: created.id,
        locale,
        overrideAccess: true,
        data: { caption: seed.caption[locale] },
      });
    }
    result.created++;
  }
  return result;
}

export async function seedPages(payload: Payload, media: MediaIds): Promise<SeedResult> {
  const result = { created: 0, skipped: 0 };
  for (const seed of pageSeeds) {
    const existing = await payload.find({
      collection: 'pages',
      where: { key: { equals: seed.key } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
    });
    if (existing.docs.length > 0) {
      result.skipped++;
      continue;
    }
    const localized = (locale: Locale) => ({
      title: seed.title[locale],
      intro: seed.intro[locale],
      body: richTextFromBlocks(seed.body[locale]),
      seo: { description: seed.intro[locale] },
    });
    const created = await payload.create({
      collection: 'pages',
      locale: defaultLocale,
      overrideAccess: true,
      data: {
        key: seed.key,
        ...(seed.image ? { image: mediaId(media, seed.image) as number } : {}),
        ...localized(defaultLocale),
      } as never,
    });
    for (const locale of otherLocales) {
      await payload.update({
        collection: 'pages',
        id: created.id,
        locale,
        overrideAccess: true,
        data: localized(locale) as never,
      });
    }
    result.created++;
  }
  return result;
}

/** Boats get a picture if they have none. */
export async function seedBoatPhotos(payload: Payload, media: MediaIds): Promise<SeedResult> {
  const result = { created: 0, skipped: 0 };
  for (const [slug, key] of Object.entries(boatPhotoBySlug)) {
    const { docs } = await payload.find({
      collection: 'boats',
      where: { slug: { equals: slug } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
    });
    const boat = docs[0];
    if (!boat || boat.photo) {
      result.skipped++;
      continue;
    }
    await payload.update({
      collection: 'boats',
      id: boat.id,
      overrideAccess: true,
      data: { photo: mediaId(media, key) as number },
    });
    result.created++;
  }
  return result;
}

/** The two globals are filled once: a slogan (site) or a featured list (home) means staff own them. */
export async function seedGlobals(payload: Payload, media: MediaIds): Promise<SeedResult> {
  const result = { created: 0, skipped: 0 };
  const site = await payload.findGlobal({ slug: 'site', locale: defaultLocale, depth: 0, overrideAccess: true });
  if (site.slogan) {
    result.skipped++;
  } else {
    const localized = (locale: Locale) => ({
      slogan: siteSeed.slogan[locale],
      historyTitle: siteSeed.historyTitle[locale],
      historyText: siteSeed.historyText[locale],
      openingTimes: siteSeed.openingTimes[locale],
    });
    await payload.updateGlobal({
      slug: 'site',
      locale: defaultLocale,
      overrideAccess: true,
      data: {
        brand: siteSeed.brand,
        contact: siteSeed.contact,
        heroImage: mediaId(media, siteSeed.heroImage) as number,
        boardingPoint: (await idBySlug(payload, 'boarding-points', 'portal-de-la-pau')) as number,
        ...localized(defaultLocale),
      },
    });
    for (const locale of otherLocales) {
      await payload.updateGlobal({ slug: 'site', locale, overrideAccess: true, data: localized(locale) });
    }
    result.created++;
  }

  const home = await payload.findGlobal({ slug: 'home', depth: 0, overrideAccess: true });
  if (home.featuredTours && home.featuredTours.length > 0) {
    result.skipped++;
  } else {
    const ids = async (slugs: string[]) =>
      (await Promise.all(slugs.map((slug) => idBySlug(payload, 'tours', slug)))) as number[];
    await payload.updateGlobal({
      slug: 'home',
      overrideAccess: true,
      data: {
        featuredTours: await ids(homeSeed.featuredTours),
        forumTours: await ids(homeSeed.forumTours),
        combinedTours: await ids(homeSeed.combinedTours),
        gallery: homeSeed.gallery.map((key) => ({ image: mediaId(media, key) as number })),
      },
    });
    result.created++;
  }
  return result;
}

/** Number of seed items the content steps create on an empty database (for tests). */
export const contentSeedCount =
  mediaSeeds.length +
  tourSeeds.length +
  schoolTourSeeds.length +
  pastImageSeeds.length +
  pageSeeds.length +
  Object.keys(boatPhotoBySlug).length +
  2;

export async function seedContent(payload: Payload): Promise<SeedResult> {
  const media = await seedMedia(payload);
  const parts = [
    media,
    await seedTourContent(payload, media.ids),
    await seedSchoolContent(payload, media.ids),
    await seedPastImages(payload, media.ids),
    await seedPages(payload, media.ids),
    await seedBoatPhotos(payload, media.ids),
    await seedGlobals(payload, media.ids),
  ];
  return parts.reduce((sum, part) => ({ created: sum.created + part.created, skipped: sum.skipped + part.skipped }), {
    created: 0,
    skipped: 0,
  });
}
