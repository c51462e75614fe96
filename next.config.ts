import { withPayload } from '@payloadcms/next/withPayload';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // A full-document 404 for unmatched paths, rendered on the server in the visitor's language:
  // the root layout sits under [locale], which the nested not-found boundary cannot serve.
  experimental: { globalNotFound: true },
  // The proxy answers trailing slashes with 301 (SPEC §9); Next's own redirect would be a 308.
  skipTrailingSlashRedirect: true,
  images: { formats: ['image/avif', 'image/webp'] },
  serverExternalPackages: ['pino', 'sharp'],
};

export default withPayload(withNextIntl(nextConfig), { devBundleServerPackages: false });
