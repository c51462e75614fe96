import type { MetadataRoute } from 'next';

import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      {
        userAgent: '*',
        allow: '/',
        disallow: [
          '/admin',
          '/api/',
          '/reserva/',
          '/es/reserva/',
          '/en/reserva/',
          '/fr/reserva/',
          '/tour-test/',
          '/es/tour-test/',
          '/en/tour-test/',
          '/fr/tour-test/',
        ],
      },
    ],
    sitemap: `${env().SITE_URL}/sitemap.xml`,
  };
}
