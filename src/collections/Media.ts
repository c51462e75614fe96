import path from 'node:path';

import type { CollectionConfig } from 'payload';

import { env } from '../lib/env';

import { allow, anyone } from './access';
import { revalidateHooks } from './revalidate';

const WEBP = { format: 'webp', options: { quality: 80 } } as const;

/**
 * Every image of the site. Files stay on our server (`var/media`) and Payload serves them from
 * `/api/media/file/...`: no image CDN. Pictures get resized WebP copies; an SVG drawing uploaded
 * as such is served as it is (it scales by itself, but the browser draws it on the page's main
 * thread, which is why the seed's drawings are uploaded as pictures).
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
    // Width only, so every copy keeps the photo's proportions and pages can offer them side by side
    // (`srcset`): a phone gets the 640 px copy where a wide screen gets the original.
    // (The upload's formatOptions apply to the original only: each copy says its own.)
    imageSizes: [
      { name: 'card', width: 640, height: undefined, formatOptions: WEBP },
      { name: 'hero', width: 1600, height: undefined, formatOptions: WEBP },
    ],
    // A photo straight from a camera (6,000 px) is kept no wider than a large screen needs.
    resizeOptions: { width: 2400, withoutEnlargement: true },
    formatOptions: WEBP,
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
