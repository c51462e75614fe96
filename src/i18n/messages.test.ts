import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { locales } from './locales';
import { backOfficeFeatures, loadMessages } from './messages';
import { opsMessages } from './ops-messages';

const root = path.join(import.meta.dirname, 'messages');
const features = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function read(feature: string, locale: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(root, feature, `${locale}.json`), 'utf8')) as Record<string, unknown>;
}

describe('messages', () => {
  it.each(features)('feature "%s" has the same keys, all non-empty, in every locale', (feature) => {
    const reference = keysOf(read(feature, 'en')).sort();
    for (const locale of locales) {
      const messages = read(feature, locale);
      expect(keysOf(messages).sort(), `${feature}/${locale}.json`).toEqual(reference);
      for (const key of reference) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);
        expect(typeof value === 'string' && value.trim().length > 0, `${feature}/${locale}.json ${key}`).toBe(true);
      }
    }
  });

  it('features never define the same top-level namespace twice', () => {
    const seen = new Map<string, string>();
    for (const feature of features) {
      for (const namespace of Object.keys(read(feature, 'en'))) {
        expect(
          seen.get(namespace),
          `namespace "${namespace}" in ${feature} and ${seen.get(namespace)}`,
        ).toBeUndefined();
        seen.set(namespace, feature);
      }
    }
  });

  it.each(locales)('loads every feature for %s', async (locale) => {
    const messages = (await loadMessages(locale)) as Record<string, unknown>;
    for (const feature of features.filter((f) => !(backOfficeFeatures as readonly string[]).includes(f))) {
      for (const namespace of Object.keys(read(feature, locale))) expect(messages).toHaveProperty(namespace);
    }
  });

  it.each(locales)('loads the back office messages for %s, and falls back to Catalan', (locale) => {
    expect(opsMessages(locale)).toEqual(read('ops', locale).ops);
    expect(opsMessages('de')).toEqual(read('ops', 'ca').ops);
  });
});
