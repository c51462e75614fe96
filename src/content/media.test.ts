import { describe, expect, it } from 'vitest';

import type { Media } from '@/payload-types';

import { picture } from './media';

function media(overrides: Partial<Media> = {}): Media {
  return {
    id: 1,
    alt: 'Boat at sunset',
    url: 'http://localhost:3000/api/media/file/boat.svg',
    filename: 'boat.svg',
    filesize: 2048,
    width: 1600,
    height: 900,
    updatedAt: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  } as Media;
}

describe('picture', () => {
  it('gives our media a host-free URL that names its version', () => {
    const url = picture(media())!.url;
    expect(url).toMatch(/^\/api\/media\/file\/boat\.svg\?v=[a-z0-9-]+$/);
  });

  it('changes the URL when the file is replaced (new updatedAt and size), not otherwise', () => {
    const before = picture(media())!.url;
    expect(picture(media())!.url).toBe(before);
    expect(picture(media({ updatedAt: '2026-11-21T08:30:00.000Z' }))!.url).not.toBe(before);
    expect(picture(media({ filesize: 4096 }))!.url).not.toBe(before);
  });

  it('leaves other hosts and undated documents alone', () => {
    expect(picture(media({ url: 'https://cdn.example.org/boat.svg' }))!.url).toBe('https://cdn.example.org/boat.svg');
    expect(picture(media({ updatedAt: 'not a date' }))!.url).toBe('/api/media/file/boat.svg');
    expect(picture(3)).toBeUndefined();
  });

  it('offers the resized copies and the original by width, each with the version', () => {
    const photo = media({
      url: '/api/media/file/quay.webp',
      width: 2400,
      height: 1600,
      sizes: {
        card: { url: '/api/media/file/quay-640x427.webp', width: 640, height: 427 },
        hero: { url: '/api/media/file/quay-1600x1067.webp', width: 1600, height: 1067 },
      },
    });
    const version = picture(photo)!.url.split('?v=')[1];
    expect(picture(photo)!.srcSet).toBe(
      `/api/media/file/quay-640x427.webp?v=${version} 640w, /api/media/file/quay-1600x1067.webp?v=${version} 1600w, /api/media/file/quay.webp?v=${version} 2400w`,
    );
  });

  it('offers no copies of a drawing, of a small photo, or cropped to other proportions', () => {
    expect(picture(media())!.srcSet).toBeUndefined();
    const small = media({ url: '/api/media/file/small.webp', width: 600, height: 400, sizes: { card: {}, hero: {} } });
    expect(picture(small)!.srcSet).toBeUndefined();
    // A card cropped to 3:2 (as copies were made before they kept the photo's proportions).
    const cropped = media({
      url: '/api/media/file/tall.webp',
      width: 1200,
      height: 1600,
      sizes: { card: { url: '/api/media/file/tall-640x427.webp', width: 640, height: 427 } },
    });
    expect(picture(cropped)!.srcSet).toBeUndefined();
  });
});
