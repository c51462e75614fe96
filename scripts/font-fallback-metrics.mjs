// Prints the @font-face rules of the site's fallback faces (src/app/(site)/fonts.css): the system
// font shown until a web font arrives, sized like it so the swap moves nothing (CLS).
// Run it after changing a web font: node scripts/font-fallback-metrics.mjs > /tmp/faces.css
// Widths are measured in Chromium on sentences in our four languages (a formula over a–z, as
// next/font uses, was 9 % off for Fraunces); heights come from the font files we serve.
// One face per system font a visitor is likely to have, because size-adjust is per face: Arial and
// Times New Roman (Windows, macOS, iOS) through their metric twins Liberation Sans and Serif,
// Android's Roboto and Noto Serif, and DejaVu (Linux without Liberation). Measuring needs them all:
// `apt-get install fonts-liberation fonts-roboto-unhinted fonts-noto-core fonts-dejavu-core`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { chromium } from '@playwright/test';

const require = createRequire(import.meta.url);
// The fontkit build Next ships: a function from a font file's bytes to the parsed font.
const parseFont = require('next/dist/compiled/@next/font/dist/fontkit').default;

const root = path.resolve(import.meta.dirname, '..');
const fontsDir = path.join(root, 'src', 'app', '(site)', 'fonts');
const SAMPLE = [
  'Passeig en golondrina pel port de Barcelona des de 1888, amb sortides cada dia.',
  'Paseos en barco por el puerto y el litoral de Barcelona: compra tus billetes.',
  'Boat trips in Barcelona harbour and along the coast since 1888. Book your tickets.',
  'Promenades en bateau dans le port de Barcelone et le long du littoral, réservez.',
].join(' ');

/**
 * `face` is the fallback family's name (the order here is the order in site-fonts.ts), `measure`
 * the installed font measured, `local` the names a visitor's system may know it by.
 */
const families = [
  {
    name: 'Inter',
    file: 'inter-subset.woff2',
    twins: [
      {
        face: 'Inter Fallback',
        measure: 'Liberation Sans',
        regular: ['Arial', 'ArialMT', 'Liberation Sans', 'Arimo'],
        bold: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'Arimo Bold'],
      },
      {
        face: 'Inter Fallback Roboto',
        measure: 'Roboto',
        regular: ['Roboto', 'Roboto-Regular'],
        bold: ['Roboto Bold', 'Roboto-Bold'],
      },
      {
        face: 'Inter Fallback DejaVu',
        measure: 'DejaVu Sans',
        regular: ['DejaVu Sans', 'DejaVuSans'],
        bold: ['DejaVu Sans Bold', 'DejaVuSans-Bold'],
      },
    ],
    // The weights the site sets this family in: body text, and labels and buttons.
    weights: { regular: 400, bold: 600 },
  },
  {
    name: 'Fraunces',
    file: 'fraunces-subset.woff2',
    twins: [
      {
        face: 'Fraunces Fallback',
        measure: 'Liberation Serif',
        regular: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'Tinos'],
        bold: ['Times New Roman Bold', 'TimesNewRomanPS-BoldMT', 'Liberation Serif Bold', 'Tinos Bold'],
      },
      {
        face: 'Fraunces Fallback Noto',
        measure: 'Noto Serif',
        regular: ['Noto Serif', 'NotoSerif', 'NotoSerif-Regular'],
        bold: ['Noto Serif Bold', 'NotoSerif-Bold'],
      },
      {
        face: 'Fraunces Fallback DejaVu',
        measure: 'DejaVu Serif',
        regular: ['DejaVu Serif', 'DejaVuSerif'],
        bold: ['DejaVu Serif Bold', 'DejaVuSerif-Bold'],
      },
    ],
    // Fraunces is only set bold (headings), but a regular face keeps a lighter fallback honest.
    weights: { regular: 400, bold: 600 },
  },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
await page.route('http://fonts.local/**', (route) =>
  route.fulfill({ body: readFileSync(path.join(fontsDir, path.basename(new URL(route.request().url()).pathname))) }),
);
await page.setContent(
  `<style>${families
    .map((f) => `@font-face{font-family:"${f.name} Web";src:url("http://fonts.local/${f.file}");font-weight:100 900}`)
    .join('')}</style>`,
);
const missing = [];
const rules = [];
for (const family of families) {
  const font = parseFont(readFileSync(path.join(fontsDir, family.file)));
  for (const twin of family.twins) {
    for (const [style, weight] of Object.entries(family.weights)) {
      const measured = await page.evaluate(
        async ({ web, twin, weight, text }) => {
          await document.fonts.load(`${weight} 100px "${web}"`);
          const width = (fontFamily) => {
            const span = document.createElement('span');
            span.style.cssText = `font:${weight} 100px ${fontFamily};white-space:nowrap;position:absolute`;
            span.textContent = text;
            document.body.append(span);
            const w = span.getBoundingClientRect().width;
            span.remove();
            return w;
          };
          // A font the machine lacks falls back to the generic one and would be measured as it.
          const installed =
            width(`"${twin}", monospace`) !== width('monospace') || width(`"${twin}", serif`) !== width('serif');
          return installed ? width(`"${web}"`) / width(`"${twin}"`) : null;
        },
        { web: `${family.name} Web`, twin: twin.measure, weight, text: SAMPLE },
      );
      if (measured === null) {
        missing.push(twin.measure);
        continue;
      }
      const pct = (value) => `${(value * 100).toFixed(2)}%`;
      const em = (units) => Math.abs(units) / font.unitsPerEm / measured;
      rules.push(
        [
          '@font-face {',
          `  font-family: '${twin.face}';`,
          `  src: ${twin[style].map((n) => `local('${n}')`).join(', ')};`,
          `  font-weight: ${style === 'regular' ? '100 500' : '501 900'};`,
          `  size-adjust: ${pct(measured)};`,
          `  ascent-override: ${pct(em(font.ascent))};`,
          `  descent-override: ${pct(em(font.descent))};`,
          `  line-gap-override: ${pct(em(font.lineGap))};`,
          '}',
        ].join('\n'),
      );
    }
  }
}
await browser.close();
if (missing.length) {
  console.error(`Not installed, so not measured: ${[...new Set(missing)].join(', ')} (see the comment at the top).`);
  process.exit(1);
}
console.log(rules.join('\n'));
