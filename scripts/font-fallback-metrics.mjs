// Prints the @font-face rules of the site's fallback faces (src/app/(site)/fonts.css): the system
// font shown until a web font arrives, sized like it so the swap moves nothing (CLS).
// Run it after changing a web font: node scripts/font-fallback-metrics.mjs
// Widths are measured in Chromium on sentences in our four languages (a formula over a–z, as
// next/font uses, was 9 % off for Fraunces), against Arial's and Times New Roman's metric twins
// (Liberation Sans and Serif: `apt-get install fonts-liberation`); heights come from the font files.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { chromium } from '@playwright/test';

const require = createRequire(import.meta.url);
// The fontkit build Next ships: a function from a font file's bytes to the parsed font.
const parseFont = require('next/dist/compiled/@next/font/dist/fontkit').default;

const root = path.resolve(import.meta.dirname, '..');
const SAMPLE = [
  'Passeig en golondrina pel port de Barcelona des de 1888, amb sortides cada dia.',
  'Paseos en barco por el puerto y el litoral de Barcelona: compra tus billetes.',
  'Boat trips in Barcelona harbour and along the coast since 1888. Book your tickets.',
  'Promenades en bateau dans le port de Barcelone et le long du littoral, réservez.',
].join(' ');
const families = [
  {
    name: 'Inter',
    file: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    twin: 'Liberation Sans',
    local: {
      regular: ['Arial', 'ArialMT', 'Liberation Sans', 'Arimo'],
      bold: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'Arimo Bold'],
    },
    // The weights the site sets this family in: body text, and labels and buttons.
    weights: { regular: 400, bold: 600 },
  },
  {
    name: 'Fraunces',
    file: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    twin: 'Liberation Serif',
    local: {
      regular: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'Tinos'],
      bold: ['Times New Roman Bold', 'TimesNewRomanPS-BoldMT', 'Liberation Serif Bold', 'Tinos Bold'],
    },
    weights: { regular: 400, bold: 600 },
  },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
await page.route('http://fonts.local/**', (route) =>
  route.fulfill({ body: readFileSync(path.join(root, 'node_modules', new URL(route.request().url()).pathname)) }),
);
await page.setContent(
  `<style>${families
    .map((f) => `@font-face{font-family:"${f.name} Web";src:url("http://fonts.local/${f.file}");font-weight:100 900}`)
    .join('')}</style>`,
);
const rules = [];
for (const family of families) {
  const font = parseFont(readFileSync(path.join(root, 'node_modules', family.file)));
  for (const [style, weight] of Object.entries(family.weights)) {
    const ratio = await page.evaluate(
      async ({ web, twin, weight, text }) => {
        await document.fonts.load(`${weight} 100px "${web}"`);
        const width = (fontFamily) => {
          const span = document.createElement('span');
          span.style.cssText = `font:${weight} 100px "${fontFamily}";white-space:nowrap;position:absolute`;
          span.textContent = text;
          document.body.append(span);
          const w = span.getBoundingClientRect().width;
          span.remove();
          return w;
        };
        return width(web) / width(twin);
      },
      { web: `${family.name} Web`, twin: family.twin, weight, text: SAMPLE },
    );
    const pct = (value) => `${(value * 100).toFixed(2)}%`;
    const em = (units) => Math.abs(units) / font.unitsPerEm / ratio;
    rules.push(
      [
        '@font-face {',
        `  font-family: '${family.name} Fallback';`,
        `  src: ${family.local[style].map((n) => `local('${n}')`).join(', ')};`,
        `  font-weight: ${style === 'regular' ? '100 500' : '501 900'};`,
        `  size-adjust: ${pct(ratio)};`,
        `  ascent-override: ${pct(em(font.ascent))};`,
        `  descent-override: ${pct(em(font.descent))};`,
        `  line-gap-override: ${pct(em(font.lineGap))};`,
        '}',
      ].join('\n'),
    );
  }
}
await browser.close();
console.log(rules.join('\n'));
