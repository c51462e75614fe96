import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { FONT_CODE_POINTS, FONT_SUBSETS, makeSubset, targetPath } from './font-subsets.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Every text the public pages draw from: the messages of every namespace and the seeded content. */
function siteTexts(): string {
  const messages = path.join(root, 'src/i18n/messages');
  const files = readdirSync(messages).flatMap((namespace) =>
    readdirSync(path.join(messages, namespace)).map((file) => path.join(messages, namespace, file)),
  );
  const seeds = readdirSync(path.join(root, 'src/seed'))
    .filter((file) => /^content.*\.ts$/.test(file))
    .map((file) => path.join(root, 'src/seed', file));
  return [...files, ...seeds].map((file) => readFileSync(file, 'utf8')).join('\n');
}

describe('the font subsets', () => {
  it('keep every character our messages and content use', () => {
    const kept = new Set(FONT_CODE_POINTS);
    const missing = [...new Set(siteTexts())].filter(
      (ch) => ch.codePointAt(0)! >= 0x20 && !kept.has(ch.codePointAt(0)!),
    );
    expect(missing).toEqual([]);
  });

  it('are committed as the subset script makes them (run `node scripts/subset-fonts.mjs` after a change)', async () => {
    for (const subset of FONT_SUBSETS) {
      const committed = readFileSync(targetPath(subset));
      const made = await makeSubset(subset);
      expect(Buffer.compare(committed, made), subset.target).toBe(0);
      // Far smaller than the file it comes from: weights, features and scripts we do not use are gone.
      expect(made.length).toBeLessThan(readFileSync(path.join(root, subset.source)).length * 0.85);
    }
  }, 30_000);
});
