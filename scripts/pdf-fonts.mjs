// Writes the static Inter faces our PDFs embed (src/tickets/pdf-layout.ts, decision 134). Run it
// after changing the weights or the characters kept; commit what it writes.
// Usage: node scripts/pdf-fonts.mjs
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import subsetFont from 'subset-font';

const root = path.resolve(import.meta.dirname, '..');
const source = 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

/**
 * Everything @fontsource's "latin" Inter draws (its unicode-range): every letter of Catalan,
 * Spanish, English and French, typographic punctuation, the euro. The PDF embeds only the glyphs
 * a document uses, so keeping them all here costs nothing per document.
 */
const ranges = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];
const text = ranges
  .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
  .join('');

// PDFKit lays text out with fontkit, which needs a static TrueType face: the weight axis is pinned.
const faces = [
  { weight: 400, target: 'assets/fonts/inter-pdf-regular.ttf' },
  { weight: 700, target: 'assets/fonts/inter-pdf-bold.ttf' },
];

const original = await readFile(path.join(root, source));
for (const face of faces) {
  const bytes = await subsetFont(original, text, {
    targetFormat: 'truetype',
    keepFeatures: ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'tnum'],
    variationAxes: { wght: face.weight },
  });
  await mkdir(path.dirname(path.join(root, face.target)), { recursive: true });
  await writeFile(path.join(root, face.target), bytes);
  console.log(`Inter ${face.weight}: ${bytes.length} bytes  ${face.target}`);
}
