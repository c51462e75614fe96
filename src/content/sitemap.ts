import 'server-only';

import type { MetadataRoute } from 'next';

import { defaultLocale, locales } from '@/i18n/locales';
import { alternatesFor, routeNames, routes, type RouteName } from '@/i18n/routes';
import { env } from '@/lib/env';

import { listSchoolTours, listTours } from './tours';

/** Every indexable page of the route table, in every locale, with its hreflang alternates. */
export async function sitemapEntries(): Promise<MetadataRoute.Sitemap> {
  const { SITE_URL } = env();
  const [tours, schools] = await Promise.all([listTours(defaultLocale), listSchoolTours(defaultLocale)]);
  const paramsFor: Partial<Record<RouteName, Record<string, string>[]>> = {
    tour: tours.map((tour) => ({ id: tour.slug })),
    school: schools.map((school) => ({ id: school.slug })),
  };
  const entries: MetadataRoute.Sitemap = [];
  for (const name of routeNames) {
    if (!routes[name].sitemap) continue;
    const variants = routes[name].pattern.includes('[') ? (paramsFor[name] ?? []) : [undefined];
    for (const params of variants) {
      const paths = alternatesFor(name, params);
      const languages = Object.fromEntries(locales.map((l) => [l, `${SITE_URL}${paths[l]}`]));
      for (const locale of locales) {
        entries.push({ url: `${SITE_URL}${paths[locale]}`, alternates: { languages } });
      }
    }
  }
  return entries;
}
