import type { Media } from '@/payload-types';

import { mediaVersion as versionOf } from '../security/cache-policy.mjs';

export type Picture = {
  url: string;
  alt: string;
  width: number;
  height: number;
  /**
   * The resized copies Payload made on upload and the original, as `url widthw` candidates, when
   * there are any (an SVG drawing has none: it scales by itself). Without it a phone would be sent
   * the full-size original of every photo staff upload.
   */
  srcSet?: string;
};

/** The query parameter that marks a media URL as naming one version of the file. */
export const MEDIA_VERSION_PARAM = 'v';

/**
 * A token that changes whenever the media document does: replacing the file in the back office
 * updates `updatedAt`, so the URL changes and browsers and proxies may keep each version for a
 * year (scripts/server.mjs answers a `?v=` naming the current version `immutable`, any other
 * value briefly). Base 36 keeps the URL short. One implementation for both sides.
 */
export function mediaVersion(value: Pick<Media, 'updatedAt' | 'filesize'>): string | undefined {
  return versionOf(value);
}

/**
 * A populated upload field as what an <img> needs; undefined when the relation is not loaded.
 * The one place the site turns a media document into a URL, so every image gets the version.
 */
export function picture(value: number | Media | null | undefined): Picture | undefined {
  if (!value || typeof value !== 'object' || !value.url) return undefined;
  const version = mediaVersion(value);
  const url = versionedPath(value.url, version);
  const width = value.width ?? 1200;
  const candidates = new Map<number, string>();
  const height = value.height ?? 800;
  for (const size of Object.values(value.sizes ?? {})) {
    // A copy exists only where the original is larger (Payload never enlarges); one cropped to other
    // proportions (cards made before copies kept the photo's) would change the picture by width.
    if (!size?.url || !size.width || !size.height || size.width >= width) continue;
    if (Math.abs(size.width / size.height - width / height) > 0.02 * (width / height)) continue;
    candidates.set(size.width, versionedPath(size.url, version));
  }
  const srcSet =
    candidates.size > 0 && value.width
      ? [...candidates.set(width, url)]
          .sort(([a], [b]) => a - b)
          .map(([w, candidate]) => `${candidate} ${w}w`)
          .join(', ')
      : undefined;
  return { url, alt: value.alt ?? '', width, height, ...(srcSet ? { srcSet } : {}) };
}

/**
 * Our own media as a path, so pages work on any host name the site answers on, carrying the
 * document's version (a resized copy changes with the document it belongs to).
 */
function versionedPath(raw: string, version: string | undefined): string {
  const url = raw.replace(/^https?:\/\/[^/]+(?=\/api\/media\/)/, '');
  if (!version || !url.startsWith('/api/media/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${MEDIA_VERSION_PARAM}=${version}`;
}
