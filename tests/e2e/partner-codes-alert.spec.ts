import { expect, test } from '@playwright/test';

import opsFr from '../../src/i18n/messages/ops/fr.json' with { type: 'json' };

import { staffToken } from './staff-departures';

/**
 * The today board's warning of a partner running out of its own codes, on a 375 px phone in French:
 * drawn as a warning (its background and border: the colours live on .ops, which it sits outside)
 * and the colon after the partner's name on the name's line, with French spacing, not alone at the
 * start of the next one. On a partner of its own, combined with no tour.
 */
test('the low-codes warning on a phone in French: a coloured box, the colon after the name', async ({
  browser,
  request,
  baseURL,
}) => {
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const run = Date.now();
  const name = `Zoo ${run}`;
  const partner = await request.post('/api/partners?locale=ca', {
    headers: admin,
    data: {
      name,
      legalName: 'Zoo de Barcelona SA',
      taxId: 'B12345674',
      address: 'Parc de la Ciutadella, 08003 Barcelona',
      contactEmail: `zoo-${run}@example.com`,
      contactPhone: '+34 932 25 67 80',
      language: 'fr',
      agreement: {
        adultCents: 600,
        reducedCents: 400,
        childCents: 300,
        super3Cents: 0,
        check: 'partnerCodes',
        lowCodesWarning: 50,
      },
    },
  });
  expect(partner.ok(), await partner.text()).toBe(true);
  const partnerId = ((await partner.json()) as { doc: { id: number } }).doc.id;
  for (const i of [1, 2, 3]) {
    const code = await request.post('/api/partner-codes', {
      headers: admin,
      data: { partner: partnerId, code: `ZOO-${run}-${i}` },
    });
    expect(code.ok(), await code.text()).toBe(true);
  }
  const office = { email: `e2e-codes-alert-${run}@example.com`, password: 'e2e codes alert password 2031' };
  const created = await request.post('/api/users', {
    headers: admin,
    data: { ...office, name: 'Bureau', role: 'office', language: 'fr' },
  });
  expect(created.ok(), await created.text()).toBe(true);

  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  try {
    // The back office's own session cookie, as its sign-in sets it, and its language cookie.
    const token = await staffToken(request, office);
    await context.addCookies([
      { name: 'payload-token', value: token, url: baseURL! },
      { name: 'payload-lng', value: 'fr', url: baseURL! },
    ]);
    const page = await context.newPage();
    await page.goto('/admin');
    const alert = page.getByTestId('partner-codes-alert');
    await expect(alert.getByRole('heading', { name: opsFr.ops.partnerCodes.title })).toBeVisible();
    expect(await alert.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await alert.evaluate((el) => getComputedStyle(el).borderLeftStyle)).toBe('solid');
    const item = alert.locator('li').filter({ hasText: name });
    await expect(item).toContainText(`${name} : 3 codes restants`);
    // The colon sits on the line where the name ends.
    const link = item.getByRole('link', { name });
    const [nameBottom, colonTop] = await link.evaluate((a) => {
      const rects = a.getClientRects();
      const text = a.nextSibling as Text;
      const range = document.createRange();
      const at = text.data.indexOf(':');
      range.setStart(text, at);
      range.setEnd(text, at + 1);
      return [rects[rects.length - 1]!.bottom, range.getBoundingClientRect().top];
    });
    expect(colonTop).toBeLessThan(nameBottom);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  } finally {
    await context.close();
  }
});
