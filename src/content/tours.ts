import 'server-only';

import { cache } from 'react';

import type { TourKind } from '@/collections/Tours';
import type { Locale } from '@/i18n/locales';
import { payloadClient } from '@/lib/payload';

export type TourSummary = {
  slug: string;
  menuKey: string;
  kind: TourKind;
  title: string;
  summary: string | null;
  durationMinutes: number;
};

export const listTours = cache(async (locale: Locale): Promise<TourSummary[]> => {
  const payload = await payloadClient();
  const { docs } = await payload.find({
    collection: 'tours',
    locale,
    limit: 100,
    sort: 'menuOrder',
    depth: 0,
  });
  return docs.map((doc) => ({
    slug: doc.slug,
    menuKey: doc.menuKey,
    kind: doc.kind,
    title: doc.title,
    summary: doc.summary ?? null,
    durationMinutes: doc.durationMinutes,
  }));
});

export const getTour = cache(async (slug: string, locale: Locale): Promise<TourSummary | undefined> =>
  (await listTours(locale)).find((tour) => tour.slug === slug),
);

export type SchoolTourSummary = { slug: string; title: string; summary: string | null };

export const listSchoolTours = cache(async (locale: Locale): Promise<SchoolTourSummary[]> => {
  const payload = await payloadClient();
  const { docs } = await payload.find({ collection: 'school-tours', locale, limit: 50, depth: 0, sort: 'slug' });
  return docs.map((doc) => ({ slug: doc.slug, title: doc.title, summary: doc.summary ?? null }));
});

export const getSchoolTour = cache(async (slug: string, locale: Locale) =>
  (await listSchoolTours(locale)).find((tour) => tour.slug === slug),
);

/** How the header groups the tour menu: what a visitor looks for first comes first. */
export const menuGroups: { key: 'harbourTours' | 'combinedTours' | 'specialTours'; kinds: TourKind[] }[] = [
  { key: 'harbourTours', kinds: ['harbour', 'coastline'] },
  { key: 'combinedTours', kinds: ['combined'] },
  { key: 'specialTours', kinds: ['special', 'event'] },
];

/** Everything a tour page shows, with images and the boarding point loaded. */
export const getTourPage = cache(async (slug: string, locale: Locale) => {
  const payload = await payloadClient();
  const { docs } = await payload.find({
    collection: 'tours',
    where: { slug: { equals: slug } },
    locale,
    depth: 1,
    limit: 1,
  });
  return docs[0];
});

export const getSchoolTourPage = cache(async (slug: string, locale: Locale) => {
  const payload = await payloadClient();
  const { docs } = await payload.find({
    collection: 'school-tours',
    where: { slug: { equals: slug } },
    locale,
    depth: 1,
    limit: 1,
  });
  return docs[0];
});
