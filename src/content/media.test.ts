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
});
