import { expect, test } from '@playwright/test';

import shopEn from '../../src/i18n/messages/shop/en.json' with { type: 'json' };

/**
 * Abuse limits of the shop's write endpoints: a burst from one visitor gets 429 with a translated
 * message, while other visitors and the rest of the site are served as usual. Each test is its
 * own visitor (test-only client-IP header), so the other e2e tests keep their allowance.
 */
const visitor = (name: string) => ({ 'x-test-client-ip': `${name}-${Date.now()}` });

test('a burst of hold attempts is refused with 429 after 30, other visitors still book', async ({ request }) => {
  const headers = visitor('holds-burst');
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) {
    statuses.push((await request.post('/api/shop/holds', { headers, data: {} })).status());
  }
  expect(statuses.slice(0, 30).every((status) => status === 422)).toBe(true);
  const refused = await request.post('/api/shop/holds', { headers, data: {} });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
  const body = (await refused.json()) as { error: keyof typeof shopEn.shop.errors };
  expect(shopEn.shop.errors[body.error]).toMatch(/Too many attempts/);

  expect((await request.post('/api/shop/holds', { headers: visitor('someone-else'), data: {} })).status()).toBe(422);
  expect((await request.get('/en')).status()).toBe(200);
});

test('a flood of payment notifications is cut off at 120 a minute per sender', async ({ request }) => {
  const headers = { ...visitor('notify-flood'), 'content-type': 'application/x-www-form-urlencoded' };
  let firstRefusal = -1;
  for (let i = 0; i < 125 && firstRefusal < 0; i++) {
    const response = await request.post('/api/payments/notify', { headers, data: 'Ds_Signature=forged' });
    if (response.status() === 429) firstRefusal = i;
    else expect(response.status()).toBe(400);
  }
  expect(firstRefusal).toBe(120);
  expect((await request.get('/healthz')).status()).toBe(200);
});
