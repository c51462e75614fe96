import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';

import { locales, type Locale } from './locales';
import { written } from './written';
import {
  expansions,
  frenchTypographyFaults,
  registerFaults,
  vocabularyFaults,
  catalanElisionFaults,
  sampleValueSets,
  visitorFacing,
} from './written-language';

/**
 * The written-language rules (docs/decisions/172-written-language-rules.md) on every message of
 * every catalogue in src/i18n/messages, read from the files themselves so that a feature or key
 * added later is checked the day it lands. E-mails, SMS and PDFs are checked as rendered by
 * src/notices/written-language.test.ts and src/tickets/written-language.test.ts.
 */

const root = path.join(import.meta.dirname, 'messages');
const features = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

type Entry = { feature: string; key: string; template: string; messages: Record<string, unknown> };

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

function catalogue(locale: Locale): Entry[] {
  return features.flatMap((feature) => {
    const messages = JSON.parse(readFileSync(path.join(root, feature, `${locale}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    return leaves(messages).map(([key, template]) => ({ feature, key, template, messages }));
  });
}

describe('written-language rules on every catalogue message', () => {
  it('reads a real catalogue', () => {
    expect(features).toContain('notices');
    expect(catalogue('ca').length).toBeGreaterThan(500);
  });

  it('Catalan: every value put after "el", "de", "del", "al" or "pel" elides before a vowel sound, and so does the text itself', () => {
    const faults: string[] = [];
    for (const entry of catalogue('ca')) {
      const t = written('ca', createTranslator({ locale: 'ca', messages: entry.messages }));
      for (const values of sampleValueSets(entry.template, 'ca')) {
        const text = t.markup(entry.key as never, values as never);
        for (const fault of catalanElisionFaults(text)) faults.push(`${entry.feature} ${entry.key}: ${fault}`);
      }
    }
    expect([...new Set(faults)]).toEqual([]);
  });

  it.each(['ca', 'es'] as const)('%s: visitor-facing messages keep one register (tu / tú)', (locale) => {
    const faults: string[] = [];
    for (const entry of catalogue(locale).filter((e) => visitorFacing(e.feature))) {
      for (const text of expansions(entry.template)) {
        for (const fault of registerFaults(locale, text)) faults.push(`${entry.feature} ${entry.key}: ${fault}`);
      }
    }
    expect([...new Set(faults)]).toEqual([]);
  });

  it.each(['ca', 'es', 'fr'] as const)('%s: a departure is called a departure (sortida, salida, départ)', (locale) => {
    const faults: string[] = [];
    for (const entry of catalogue(locale)) {
      for (const text of expansions(entry.template)) {
        for (const fault of vocabularyFaults(locale, text)) faults.push(`${entry.feature} ${entry.key}: ${fault}`);
      }
    }
    expect([...new Set(faults)]).toEqual([]);
  });

  it('French: a narrow no-break space before : ; ! ? and inside « », and no "…" quotes', () => {
    const faults: string[] = [];
    for (const entry of catalogue('fr')) {
      for (const text of expansions(entry.template)) {
        for (const fault of frenchTypographyFaults(text)) faults.push(`${entry.feature} ${entry.key}: ${fault}`);
      }
    }
    expect([...new Set(faults)]).toEqual([]);
  });

  it.each(locales)('%s: every message renders with sample values through the rules', (locale) => {
    for (const entry of catalogue(locale)) {
      const t = written(locale, createTranslator({ locale, messages: entry.messages }));
      for (const values of sampleValueSets(entry.template, locale)) {
        expect(t.markup(entry.key as never, values as never), `${entry.feature} ${entry.key}`).not.toMatch(
          /\uE000|\uE001/,
        );
      }
    }
  });
});
