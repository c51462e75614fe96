import localFont from 'next/font/local';

/**
 * Fraunces, the headings' face. Through next/font so the page preloads it (it starts with the
 * HTML, not after the stylesheet), with font-display: optional: a heading is large and often
 * nearly as wide as a phone, so swapping fonts after the first paint could rewrap it and move the
 * page (CLS). A first visit whose font is not there in time keeps the metric-matched fallback
 * face of fonts.css for that page; the next page has Fraunces from the cache. Latin only: it
 * covers Catalan, Spanish, English and French (decision 112).
 */
export const displayFont = localFont({
  src: '../../../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'optional',
  preload: true,
  // Our own fallback faces (fonts.css) are measured on our languages' text.
  adjustFontFallback: false,
  fallback: ['Fraunces Fallback', 'Georgia', 'Times New Roman', 'serif'],
  variable: '--font-fraunces',
});
