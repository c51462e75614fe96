// Writes the site's font subsets (src/perf/font-subsets.mjs, decision 117). Run it after changing
// the fonts, their weights or the characters kept; commit what it writes.
// Usage: node scripts/subset-fonts.mjs
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { FONT_SUBSETS, makeSubset, targetPath } from '../src/perf/font-subsets.mjs';

for (const subset of FONT_SUBSETS) {
  const bytes = await makeSubset(subset);
  const original = await readFile(path.resolve(import.meta.dirname, '..', subset.source));
  await mkdir(path.dirname(targetPath(subset)), { recursive: true });
  await writeFile(targetPath(subset), bytes);
  console.log(`${subset.name}: ${original.length} → ${bytes.length} bytes  ${subset.target}`);
}
