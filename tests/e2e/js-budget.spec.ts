import { expect, test } from '@playwright/test';

/**
 * First-load JavaScript: what a first-time visitor's phone downloads as script, compressed as
 * sent, until the page is idle (the consent banner's library included: a first visit needs it).
 *
 * docs/domain-rules.md#budgets sets 130 KB (gzip). We are not there: React DOM (~72 KB) and
 * Next's App Router runtime (~44 KB) alone are about 125 KB with Turbopack's runtime, before any
 * code of ours (measured 2026-11-24). Until that gap is closed, these ceilings hold each page at
 * what it weighs today plus a little, so nothing grows unnoticed; lower them as pages shrink.
 * Lowered 2026-11-25 when public pages dropped next/link (docs/decisions/111-plain-links.md).
 */
const DOMAIN_BUDGET_KB = 130;
const pages: { name: string; path: string; ceilingKb: number }[] = [
  { name: 'home', path: '/', ceilingKb: 155 },
  { name: 'tour', path: '/en/tour/puerto-y-litoral-60-min', ceilingKb: 156 },
  // The request forms' zod schemas (~30 KB) load on the first focus, not with the page.
  { name: 'contact', path: '/es/contacto', ceilingKb: 159 },
  { name: 'school', path: '/en/escuelas/mar-a-la-vista', ceilingKb: 159 },
  { name: 'fleet', path: '/fr/nosotros/la-flota', ceilingKb: 154 },
];

for (const { name, path, ceilingKb } of pages) {
  test(`first-load JavaScript of the ${name} page stays under ${ceilingKb} KB (gzip)`, async ({ page }) => {
    const scripts: Promise<{ url: string; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      // responseBodySize is the body as received: compressed when the server compressed it.
      scripts.push(request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize })));
    });
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(0);
    const totalKb = loaded.reduce((sum, s) => sum + s.bytes, 0) / 1024;
    const summary = `${totalKb.toFixed(1)} KB in ${loaded.length} files (budget ${DOMAIN_BUDGET_KB} KB)`;
    test.info().annotations.push({ type: 'first-load JS (gzip)', description: summary });
    console.log(`first-load JS ${name}: ${summary}`);
    expect(totalKb, loaded.map((s) => `${s.url} ${s.bytes}`).join('\n')).toBeLessThanOrEqual(ceilingKb);
  });
}
