import 'server-only';

import { cache } from 'react';

import type { PageKey } from '@/collections/Pages';
import type { Locale } from '@/i18n/locales';
import { payloadClient } from '@/lib/payload';
import type { BoardingPoint, Boat, Page, PastImage, Site, Tour } from '@/payload-types';

import { tourPriceFromCents } from './price-from';

import { picture, type Picture } from './media';
import type { TourKind } from '@/collections/Tours';

export type TourCard = {
  slug: string;
  kind: TourKind;
  title: string;
  summary: string | null;
  durationMinutes: number;
  priceFromCents: number | null;
  departuresWeekday: string | null;
  departuresWeekend: string | null;
  image?: Picture;
};

export function tourCard(doc: Tour): TourCard {
  return {
    slug: doc.slug,
    kind: doc.kind,
    title: doc.title,
    summary: doc.summary ?? null,
    durationMinutes: doc.durationMinutes,
    priceFromCents: tourPriceFromCents(doc as never),
    departuresWeekday: doc.departuresWeekday ?? null,
    departuresWeekend: doc.departuresWeekend ?? null,
    image: picture(doc.heroImage),
  };
}

export const getSite = cache(async (locale: Locale): Promise<Site> => {
  const payload = await payloadClient();
  return payload.findGlobal({ slug: 'site', locale, depth: 1 });
});

export const getHome = cache(async (locale: Locale) => {
  const payload = await payloadClient();
  const home = await payload.findGlobal({ slug: 'home', locale, depth: 2 });
  const cards = (list: (number | Tour)[] | null | undefined) =>
    (list ?? []).filter((t): t is Tour => typeof t === 'object').map(tourCard);
  return {
    featured: cards(home.featuredTours),
    forum: cards(home.forumTours),
    combined: cards(home.combinedTours),
    gallery: (home.gallery ?? []).map((g) => picture(g.image)).filter((p): p is Picture => Boolean(p)),
  };
});

export const getPage = cache(async (key: PageKey, locale: Locale): Promise<Page | undefined> => {
  const payload = await payloadClient();
  const { docs } = await payload.find({
    collection: 'pages',
    where: { key: { equals: key } },
    locale,
    depth: 1,
    limit: 1,
  });
  return docs[0];
});

export type PastPicture = { id: number; year: number; caption: string; image: Picture };

export const listPastImages = cache(async (locale: Locale): Promise<PastPicture[]> => {
  const payload = await payloadClient();
  const { docs } = await payload.find({ collection: 'past-images', locale, depth: 1, limit: 200, sort: 'year' });
  return docs
    .map((doc: PastImage) => ({ id: doc.id, year: doc.year, caption: doc.caption, image: picture(doc.image) }))
    .filter((doc): doc is PastPicture => Boolean(doc.image));
});

export const listBoats = cache(async (locale: Locale): Promise<(Boat & { picture?: Picture })[]> => {
  const payload = await payloadClient();
  const { docs } = await payload.find({
    collection: 'boats',
    locale,
    depth: 1,
    limit: 50,
    sort: 'fleetOrder',
    where: { active: { equals: true } },
  });
  return docs.map((boat) => ({ ...boat, picture: picture(boat.photo) }));
});

export const getBoardingPoint = cache(async (slug: string, locale: Locale): Promise<BoardingPoint | undefined> => {
  const payload = await payloadClient();
  const { docs } = await payload.find({
    collection: 'boarding-points',
    where: { slug: { equals: slug } },
    locale,
    depth: 0,
    limit: 1,
  });
  return docs[0];
});
