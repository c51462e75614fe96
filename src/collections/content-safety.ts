import type { CollectionConfig, FlattenedField, SanitizedConfig } from 'payload';

/**
 * The site's content is safe from one bad click or a stolen office password (issue 42,
 * docs/decisions/169-content-safety.md):
 * - nobody deletes or edits it in bulk: Payload's own `disableBulkDelete` / `disableBulkEdit` take
 *   the buttons off the admin's lists and refuse `DELETE|PATCH /api/<collection>?where=…` (the REST
 *   guard answers first, in the staff's language: src/collections/rest-guard.ts);
 * - a document something still uses (a tour a closed day, a reseller's price list or the home page
 *   names; a boarding point a tour names; an image a page shows) cannot be deleted: Payload would
 *   quietly empty the other side (a tour's closed day becoming the whole fleet's).
 */
export function keptContent(collection: CollectionConfig): CollectionConfig {
  return {
    ...collection,
    disableBulkDelete: true,
    disableBulkEdit: true,
    custom: { ...collection.custom, keptWhileUsed: true },
  };
}

/** One place a document of `slug` may be named: a collection's field (by its query path) or a global's. */
export type Reference =
  | { kind: 'collection'; slug: string; path: string; required: boolean; localized: boolean }
  | { kind: 'global'; slug: string; path: string[] };

type Found = { path: string[]; required: boolean; localized: boolean };

/** Payload's own bookkeeping (edit locks, preferences) names every collection: never a use. */
const isInternal = (slug: string) => slug.startsWith('payload-');

function walk(fields: FlattenedField[], target: string, prefix: string[], found: Found[], localized = false): void {
  for (const field of fields) {
    const path = [...prefix, field.name];
    const inLocale = localized || Boolean(field.localized);
    if ((field.type === 'relationship' || field.type === 'upload') && field.relationTo === target) {
      found.push({
        path,
        required: Boolean(field.required) && !field.hasMany && prefix.length === 0 && !inLocale,
        localized: inLocale,
      });
    } else if (
      (field.type === 'group' || field.type === 'array' || field.type === 'tab') &&
      'flattenedFields' in field
    ) {
      walk(field.flattenedFields, target, path, found, inLocale);
    }
  }
}

/** Every field of every collection and global that may name a document of `slug`. */
export function referencesTo(config: SanitizedConfig, slug: string): Reference[] {
  const references: Reference[] = [];
  for (const collection of config.collections) {
    if (isInternal(collection.slug)) continue;
    const found: Found[] = [];
    walk(collection.flattenedFields, slug, [], found);
    for (const { path, required, localized } of found) {
      references.push({ kind: 'collection', slug: collection.slug, path: path.join('.'), required, localized });
    }
  }
  for (const global of config.globals) {
    if (isInternal(global.slug)) continue;
    const found: Found[] = [];
    walk(global.flattenedFields, slug, [], found);
    for (const { path } of found) references.push({ kind: 'global', slug: global.slug, path });
  }
  return references;
}

const idOf = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && 'id' in value) return String((value as { id: unknown }).id);
  return String(value);
};

/** Does a global's stored value, at `path` (through groups and arrays), name `id`? */
export function globalNames(data: unknown, path: string[], id: string): boolean {
  if (data === null || data === undefined) return false;
  if (Array.isArray(data)) return data.some((item) => globalNames(item, path, id));
  if (path.length === 0) return idOf(data) === id;
  if (typeof data !== 'object') return false;
  return globalNames((data as Record<string, unknown>)[path[0]!], path.slice(1), id);
}
