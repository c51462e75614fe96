import type { Payload } from 'payload';

import { defaultLocale, locales } from '@/i18n/locales';

import { schoolTourSeeds, tourSeeds } from './catalog';

/**
 * Demo content for a fresh database. Idempotent and respectful of staff work: a document that
 * already exists (matched by slug) is left exactly as staff left it.
 */
export async function seed(payload: Payload): Promise<{ created: number; skipped: number }> {
  let created = 0;
  let skipped = 0;
  const otherLocales = locales.filter((l) => l !== defaultLocale);

  for (const [index, tour] of tourSeeds.entries()) {
    const existing = await payload.find({
      collection: 'tours',
      where: { slug: { equals: tour.slug } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
    });
    if (existing.docs.length > 0) {
      skipped++;
      continue;
    }
    const doc = await payload.create({
      collection: 'tours',
      locale: defaultLocale,
      overrideAccess: true,
      data: {
        slug: tour.slug,
        menuKey: tour.menuKey,
        kind: tour.kind,
        durationMinutes: tour.durationMinutes,
        title: tour.title[defaultLocale],
        summary: tour.summary[defaultLocale],
        menuOrder: index,
      },
    });
    for (const locale of otherLocales) {
      await payload.update({
        collection: 'tours',
        id: doc.id,
        locale,
        overrideAccess: true,
        data: { title: tour.title[locale], summary: tour.summary[locale] },
      });
    }
    created++;
  }

  for (const school of schoolTourSeeds) {
    const existing = await payload.find({
      collection: 'school-tours',
      where: { slug: { equals: school.slug } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
    });
    if (existing.docs.length > 0) {
      skipped++;
      continue;
    }
    const doc = await payload.create({
      collection: 'school-tours',
      locale: defaultLocale,
      overrideAccess: true,
      data: { slug: school.slug, title: school.title[defaultLocale], summary: school.summary[defaultLocale] },
    });
    for (const locale of otherLocales) {
      await payload.update({
        collection: 'school-tours',
        id: doc.id,
        locale,
        overrideAccess: true,
        data: { title: school.title[locale], summary: school.summary[locale] },
      });
    }
    created++;
  }
  return { created, skipped };
}
