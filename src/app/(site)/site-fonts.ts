import localFont from 'next/font/local';

// Both faces are our subsets of @fontsource's Latin files (src/perf/font-subsets.mjs, decision
// 117): the weights the pages use, the characters of Catalan, Spanish, English and French. Our own
// fallback faces (fonts.css), measured on our languages' text, stand in until they arrive: one per
// system font a visitor may have (Arial-like, Android's Roboto and Noto Serif, DejaVu), in the
// order listed, as a face's size-adjust only suits the font it was measured on.

/**
 * Inter, the text face: not preloaded (the first paint does not wait for it) and font-display:
 * optional, so text is drawn once, in Inter if it is already there, else in the matched fallback
 * for that page. With swap, a fallback within ~1 % still re-wrapped long French paragraphs when
 * Inter arrived (CLS 0.064 on /fr/terminos-y-condiciones over Roboto; decision 159).
 */
export const textFont = localFont({
  src: './fonts/inter-subset.woff2',
  weight: '400 700',
  style: 'normal',
  display: 'optional',
  preload: false,
  adjustFontFallback: false,
  fallback: [
    'Inter Fallback',
    'Inter Fallback Roboto',
    'Inter Fallback DejaVu',
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
  // One weight (font-subsets.mjs): asked for bolder, the browser must not smear a fake bold
  // (site.css sets font-synthesis-weight: none where this face is used).
  weight: '600',
  style: 'normal',
  display: 'optional',
  preload: true,
  adjustFontFallback: false,
  fallback: [
    'Fraunces Fallback',
    'Fraunces Fallback Noto',
    'Fraunces Fallback DejaVu',
    'Georgia',
    'Times New Roman',
    'serif',
  ],
  variable: '--font-fraunces',
});
