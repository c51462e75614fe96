#!/usr/bin/env node
/**
 * Puts the French catalogues' punctuation right (docs/decisions/172-written-language-rules.md):
 * a narrow no-break space (U+202F) before ":", ";", "!" and "?" and inside « », whatever space
 * was there before. Web addresses, clock times and ICU placeholders are left alone; so is a
 * sign that is not prose punctuation (":" in "https://", "?" before a query). Run it after
 * adding French texts: `npx node scripts/french-typography.mjs`; src/i18n/written-language.test.ts
 * fails on what it would change.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const NNBSP = '\u202f';
const root = path.join(import.meta.dirname, '..', 'src', 'i18n', 'messages');

export function frenchTypography(text) {
  return (
    text
      // A space of any kind (or none) before a prose sign: the sign is followed by a space, the end, or a line break.
      .replace(/(?<![\s\u00a0\u202f/])(?<![:;!?])([:;!?])(?=[\s\u00a0]|$|["»)])/g, (_, sign, offset, whole) =>
        /\d$/.test(whole.slice(0, offset)) && /^\d/.test(whole.slice(offset + 1)) ? sign : `${NNBSP}${sign}`,
      )
      .replace(/[ \u00a0]([:;!?])(?=[\s\u00a0]|$|["»)])/g, `${NNBSP}$1`)
      .replace(/«[ \u00a0\u202f]?/g, `«${NNBSP}`)
      .replace(/[ \u00a0\u202f]?»/g, `${NNBSP}»`)
  );
}

function rewrite(value) {
  if (typeof value === 'string') return frenchTypography(value);
  // Arrays stay arrays (a list of the page's items): Object.entries would make them objects.
  if (Array.isArray(value)) return value.map(rewrite);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, rewrite(child)]));
  }
  return value;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let changed = 0;
  for (const feature of readdirSync(root)) {
    const file = path.join(root, feature, 'fr.json');
    const before = readFileSync(file, 'utf8');
    const after = `${JSON.stringify(rewrite(JSON.parse(before)), null, 2)}\n`;
    if (after !== before) {
      writeFileSync(file, after);
      changed += 1;
    }
  }
  console.log(`${changed} French catalogue(s) rewritten`);
}
