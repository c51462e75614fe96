import path from 'node:path';

import type { CollectionConfig } from 'payload';

import { env } from '../lib/env';

import { allow, anyone } from './access';
import { revalidateHooks } from './revalidate';

/**
 * Every image of the site. Files stay on our server (`var/media`) and Payload serves them from
 * `/api/media/file/...`: no image CDN. Photos uploaded by staff get resized copies; the seed's
 * SVG drawings scale by themselves.
 */
export const Media: CollectionConfig = {
  slug: 'media',
  admin: { useAsTitle: 'alt', group: 'Content' },
  access: {
    read: anyone,
    create: allow('content.manage'),
    update: allow('content.manage'),
    delete: allow('content.manage'),
  },
  hooks: revalidateHooks,
  upload: {
    // Relative to the app root: this module is bundled by Next, so its own location is not stable.
    staticDir: path.resolve(process.cwd(), env().MEDIA_DIR),
    mimeTypes: ['image/*'],
    imageSizes: [
      { name: 'card', width: 640, height: 427, position: 'centre' },
      { name: 'hero', width: 1600, height: undefined, position: 'centre' },
    ],
    formatOptions: { format: 'webp', options: { quality: 80 } },
  },
  fields: [
    {
      name: 'alt',
      type: 'text',
      required: true,
      localized: true,
      admin: { description: 'What the image shows, for people who cannot see it.' },
    },
  ],
};
