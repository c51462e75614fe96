import type { Media } from '@/payload-types';

import { mediaVersion as versionOf } from '../security/cache-policy.mjs';

export type Picture = { url: string; alt: string; width: number; height: number };

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
  // Our own media: a path, so pages work on any host name the site answers on.
  let url = value.url.replace(/^https?:\/\/[^/]+(?=\/api\/media\/)/, '');
  const version = mediaVersion(value);
  if (version && url.startsWith('/api/media/')) {
    url += `${url.includes('?') ? '&' : '?'}${MEDIA_VERSION_PARAM}=${version}`;
  }
  return { url, alt: value.alt ?? '', width: value.width ?? 1200, height: value.height ?? 800 };
}
