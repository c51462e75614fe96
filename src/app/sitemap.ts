import type { MetadataRoute } from 'next';

import { sitemapEntries } from '@/content/sitemap';

export const revalidate = 3600;

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  return sitemapEntries();
}
