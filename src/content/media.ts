import type { Media } from '@/payload-types';

export type Picture = { url: string; alt: string; width: number; height: number };

/** A populated upload field as what an <img> needs; undefined when the relation is not loaded. */
export function picture(value: number | Media | null | undefined): Picture | undefined {
  if (!value || typeof value !== 'object' || !value.url) return undefined;
  // Our own media: a path, so pages work on any host name the site answers on.
  const url = value.url.replace(/^https?:\/\/[^/]+(?=\/api\/media\/)/, '');
  return { url, alt: value.alt ?? '', width: value.width ?? 1200, height: value.height ?? 800 };
}
