import localFont from 'next/font/local';

// Both faces are our subsets of @fontsource's Latin files (src/perf/font-subsets.mjs, decision
// 117): the weights the pages use, the characters of Catalan, Spanish, English and French. Our own
// fallback faces (fonts.css), measured on our languages' text, stand in until they arrive.

/**
 * Inter, the text face: font-display: swap, not preloaded (the first paint does not wait for it;
 * the metric-matched fallback means the swap moves nothing).
 */
export const textFont = localFont({
  src: './fonts/inter-subset.woff2',
  weight: '400 700',
  style: 'normal',
  display: 'swap',
  preload: false,
  adjustFontFallback: false,
  fallback: [
    'Inter Fallback',
    'system-ui',
    '-apple-system',
    'Segoe UI',
    'Roboto',
    'Helvetica Neue',
    'Arial',
    'sans-serif',
  ],
  variable: '--font-inter',
});

/**
 * Fraunces, the headings' face. Preloaded (it starts with the HTML, not after the stylesheet),
 * with font-display: optional: a heading is large and often nearly as wide as a phone, so
 * swapping fonts after the first paint could rewrap it and move the page (CLS). A first visit
 * whose font is not there in time keeps the fallback face for that page; the next page has
 * Fraunces from the cache.
 */
export const displayFont = localFont({
  src: './fonts/fraunces-subset.woff2',
  weight: '600 700',
  style: 'normal',
  display: 'optional',
  preload: true,
  adjustFontFallback: false,
  fallback: ['Fraunces Fallback', 'Georgia', 'Times New Roman', 'serif'],
  variable: '--font-fraunces',
});
