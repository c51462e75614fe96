import type { CollectionSlug, Payload } from 'payload';

import { defaultLocale, locales, type Locale } from '@/i18n/locales';

import { boardingPointSeeds, boatSeeds, schoolTourSeeds, tourSeeds } from './catalog';
import { seedContent } from './content';

type SeedDoc = {
  slug: string;
  /** Fields shared by every locale. */
  shared: Record<string, unknown>;
  /** Localized fields, one object per locale. */
  localized: (locale: Locale) => Record<string, unknown>;
};

type SeedResult = { created: number; skipped: number };

/**
 * Creates the documents that do not exist yet (matched by slug) in all four languages. A
 * document that exists is left exactly as staff left it.
 */
async function seedCollection(payload: Payload, collection: CollectionSlug, docs: SeedDoc[]): Promise<SeedResult> {
  const result = { created: 0, skipped: 0 };
  for (const seedDoc of docs) {
    const existing = await payload.find({
      collection,
      where: { slug: { equals: seedDoc.slug } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
    });
    if (existing.docs.length > 0) {
      result.skipped++;
      continue;
    }
    const created = await payload.create({
      collection,
      locale: defaultLocale,
      overrideAccess: true,
      data: { slug: seedDoc.slug, ...seedDoc.shared, ...seedDoc.localized(defaultLocale) } as never,
    });
    for (const locale of locales.filter((l) => l !== defaultLocale)) {
      await payload.update({
        collection,
        id: created.id,
        locale,
        overrideAccess: true,
        data: seedDoc.localized(locale) as never,
      });
    }
    result.created++;
  }
  return result;
}

/** Demo content for a fresh database. Idempotent and respectful of staff work. */
export async function seed(payload: Payload): Promise<SeedResult> {
  const parts = [
    await seedCollection(
      payload,
      'boats',
      boatSeeds.map(({ slug, story, ...shared }, index) => ({
        slug,
        shared: { ...shared, fleetOrder: index },
        localized: (locale) => ({ story: story[locale] }),
      })),
    ),
    await seedCollection(
      payload,
      'boarding-points',
      boardingPointSeeds.map(({ slug, name, howToArrive, ...shared }) => ({
        slug,
        shared,
        localized: (locale) => ({
          name: name[locale],
          howToArrive: Object.fromEntries(Object.entries(howToArrive).map(([key, text]) => [key, text[locale]])),
        }),
      })),
    ),
    await seedCollection(
      payload,
      'tours',
      tourSeeds.map(({ slug, title, summary, ...shared }, index) => ({
        slug,
        shared: { ...shared, menuOrder: index },
        localized: (locale) => ({ title: title[locale], summary: summary[locale] }),
      })),
    ),
    await seedCollection(
      payload,
      'school-tours',
      schoolTourSeeds.map(({ slug, title, summary }) => ({
        slug,
        shared: {},
        localized: (locale) => ({ title: title[locale], summary: summary[locale] }),
      })),
    ),
    // Page content, images, legal pages and the site/home globals: needs the documents above.
    await seedContent(payload),
  ];
  return parts.reduce((sum, part) => ({ created: sum.created + part.created, skipped: sum.skipped + part.skipped }));
}
