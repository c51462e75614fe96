import { readFileSync } from 'node:fs';

import { baseURL } from '../../playwright.config';
import { expect, test } from '../fixtures/staff-page';
import { addDays, madridToday } from '../../src/i18n/time';
import opsEs from '../../src/i18n/messages/ops/es.json' with { type: 'json' };

/**
 * An admin creates a reseller in the back office and gets its API key there, once: the key works
 * on the OCTO API, is gone after a reload, and the webhook secret and revocation are one click
 * away. In Spanish, to see the panel follows the admin's language.
 */
test('an admin creates a reseller, issues its key (shown once), makes its webhook secret and revokes the key', async ({
  page,
  request,
  context,
  staffPage,
}) => {
  const t = opsEs.ops.resellerCredentials;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await staffPage('admin', { language: 'es', name: 'Marta Claus' });

  await page.goto('/admin/collections/resellers/create');
  const panel = page.getByTestId('reseller-credentials');
  await expect(panel).toContainText(t.saveFirst);
  await page.locator('input[name="name"]').fill(`Viatges ${Date.now()}`);
  await page.locator('#action-save').click();
  await expect(page).toHaveURL(/\/admin\/collections\/resellers\/\d+/);
  await expect(panel.getByTestId('reseller-key-status')).toHaveText(t.noKey);

  await panel.getByRole('button', { name: t.issueKey }).click();
  const shown = panel.getByTestId('reseller-secret');
  await expect(shown).toContainText(t.once);
  const key = await shown.getByRole('textbox').inputValue();
  expect(key).toMatch(/^golo_/);
  await shown.getByRole('button', { name: t.copy }).click();
  await expect(shown).toContainText(t.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  const octo = (k: string) => request.get('/octo/v1/supplier', { headers: { Authorization: `Bearer ${k}` } });
  expect((await octo(key)).status()).toBe(200);

  // The key sells: a confirmed OCTO booking shows on the reseller's statement, linked from Reports.
  const bearer = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  const products = (await (await request.get('/octo/v1/products', { headers: bearer })).json()) as {
    id: string;
    reference: string;
    options: { id: string }[];
  }[];
  const product = products.find((p) => p.reference === 'puerto-y-litoral-60-min')!;
  const from = addDays(madridToday(new Date()), 2);
  const to = addDays(from, 3);
  const availability = (await (
    await request.post('/octo/v1/availability', {
      headers: bearer,
      data: { productId: product.id, optionId: product.options[0]!.id, localDateStart: from, localDateEnd: to },
    })
  ).json()) as { id: string; available: boolean; localDateTimeStart: string }[];
  const slot = availability.find((a) => a.available)!;
  const uuid = crypto.randomUUID();
  const reserved = await request.post('/octo/v1/bookings', {
    headers: bearer,
    data: {
      uuid,
      productId: product.id,
      optionId: product.options[0]!.id,
      availabilityId: slot.id,
      unitItems: [{ unitId: 'adult' }],
    },
  });
  expect(reserved.ok(), await reserved.text()).toBe(true);
  const resellerReference = `E2E-${Date.now()}`;
  const confirmed = await request.post(`/octo/v1/bookings/${uuid}/confirm`, {
    headers: bearer,
    data: { contact: { fullName: 'Guest Hotel' }, resellerReference },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const tripMonth = slot.localDateTimeStart.slice(0, 7);
  const resellerPage = page.url();
  const reports = `/admin/ops/reports?from=${madridToday(new Date())}&to=${slot.localDateTimeStart.slice(0, 10)}`;
  await page.goto(reports);
  const statement = page.locator(`a[href*="statement.csv?month=${tripMonth}"]`).first();
  const download = page.waitForEvent('download');
  await statement.click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv).toContain(resellerReference);
  await page.goto(resellerPage);

  // Shown once: after a reload only its prefix is left.
  await page.reload();
  await expect(panel.getByTestId('reseller-key-status')).toHaveText(t.currentKey.replace('{prefix}', key.slice(0, 12)));
  await expect(panel.getByTestId('reseller-secret')).toHaveCount(0);
  expect(await page.content()).not.toContain(key);

  await panel.getByRole('button', { name: t.makeWebhookSecret }).click();
  await expect(shown.getByRole('textbox')).toHaveValue(/^whsec_/);
  await expect(panel).toContainText(t.hasWebhookSecret);

  await panel.getByRole('button', { name: t.revokeKey }).click();
  await panel.getByRole('button', { name: t.yes }).click();
  await expect(panel).toContainText(t.revoked);
  await expect(panel.getByTestId('reseller-key-status')).toHaveText(t.noKey);
  expect((await octo(key)).status()).toBe(401);
});
