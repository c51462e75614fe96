import type { MetadataRoute } from 'next';

import { sitemapEntries } from '@/content/sitemap';

// Built per request (cheap) so that the build never needs a database and new tours appear at once.
export const dynamic = 'force-dynamic';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  return sitemapEntries();
}
