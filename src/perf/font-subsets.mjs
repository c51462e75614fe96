// The site's two web fonts cut down to what its pages use (docs/decisions/117-font-subsets.md).
//
// @fontsource's "latin" files carry every weight from 100 to 900 and every OpenType feature the
// designers drew (stylistic sets, fractions, small caps…): 85 KB of fonts on a first visit,
// more than the page's HTML, CSS and hero image together, downloading alongside them on a phone.
// The pages use Inter at 400–700 and Fraunces at 600 only, the characters of Catalan, Spanish,
// English and French, and a handful of features. `node scripts/subset-fonts.mjs` writes the
// subsets next to the layout; they are committed, and a unit test fails when they no longer
// match this description or miss a character our messages use. Plain JS: a script runs it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import subsetFont from 'subset-font';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * Every character the subsets keep: printable ASCII and Latin-1 (all of Catalan, Spanish and
 * French but three letters, below), typographic punctuation, the euro, and the calendar's arrows.
 * A character outside it is drawn by the fallback face (Arial or Times metrics), not a blank.
 */
export const FONT_CODE_POINTS = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0xff),
  0x152, // Œ
  0x153, // œ
  0x178, // Ÿ
  0x2009, // thin space
  0x2013, // –
  0x2014, // —
  0x2018, // ‘
  0x2019, // ’
  0x201a, // ‚
  0x201c, // “
  0x201d, // ”
  0x201e, // „
  0x2022, // •
  0x2026, // …
  0x202f, // narrow no-break space (French before ; : ! ? and in numbers)
  0x2039, // ‹
  0x203a, // ›
  0x20ac, // €
  0x2122, // ™
  0x2190, // ←
  0x2192, // →
  0x2212, // −
];

/**
 * What the features the pages rely on are: kerning, ligatures and contextual forms, marks over
 * letters, language forms, the variable font's own substitutions, and tabular figures (times and
 * prices in columns).
 */
export const KEPT_FEATURES = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'rvrn', 'tnum'];

export const FONT_SUBSETS = [
  {
    name: 'Inter (text)',
    source: 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    target: 'src/app/(site)/fonts/inter-subset.woff2',
    // A range keeps the weight axis (a variable face); one number pins it (a static face).
    weights: { min: 400, max: 700 },
  },
  {
    name: 'Fraunces (headings)',
    source: 'node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    target: 'src/app/(site)/fonts/fraunces-subset.woff2',
    // One weight, pinned: a static face is 17.6 KB against 30.4 for the 600–700 range, and it
    // downloads with the hero image on a first visit. Headings and the brand are set at 600.
    weights: 600,
  },
];

/** @param {number} from @param {number} to */
function range(from, to) {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * The subset of one font as WOFF2 bytes.
 * @param {(typeof FONT_SUBSETS)[number]} subset
 */
export async function makeSubset(subset) {
  const source = await readFile(path.join(root, subset.source));
  return subsetFont(source, String.fromCodePoint(...FONT_CODE_POINTS), {
    targetFormat: 'woff2',
    keepFeatures: KEPT_FEATURES,
    variationAxes: { wght: subset.weights },
  });
}

/** @param {(typeof FONT_SUBSETS)[number]} subset */
export function targetPath(subset) {
  return path.join(root, subset.target);
}
