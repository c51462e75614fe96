import { expect, test, type Browser, type APIRequestContext } from '@playwright/test';

import boardingCa from '../../src/i18n/messages/boarding/ca.json' with { type: 'json' };
import boardingEs from '../../src/i18n/messages/boarding/es.json' with { type: 'json' };
import boardingFr from '../../src/i18n/messages/boarding/fr.json' with { type: 'json' };

import { signIn } from './boarding-helpers';
import { staffToken } from './staff-departures';

/**
 * The staff app's refusals are what they say: a signed-in member on a page their role may not use
 * gets HTTP 403 (not 200) with the refusal in their language, on a 375 px phone with nothing cut
 * off. The crew at a partner's door, a partner's door staff at the boarding, an admin tied to no
 * partner at a door; the crew's own boarding page still answers 200.
 */
const SMALL_PHONE = { width: 375, height: 812 };

async function member(
  request: APIRequestContext,
  data: { role: string; language: string; name: string; partner?: number },
): Promise<{ email: string; password: string }> {
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const who = {
    email: `e2e-refusal-${data.role}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    password: 'e2e refusal password 2031',
  };
  const created = await request.post('/api/users', { headers: admin, data: { ...who, ...data } });
  expect(created.ok(), await created.text()).toBe(true);
  return who;
}

async function refused(
  browser: Browser,
  who: { email: string; password: string },
  path: string,
  expected: { title: string; reason: string; links: string[] },
) {
  const context = await browser.newContext({ viewport: SMALL_PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await signIn(page, who, path);
    const response = await page.goto(path);
    expect(response?.status(), `${path} for a member it refuses`).toBe(403);
    const refusal = page.getByTestId('staff-app-refused');
    await expect(refusal.getByRole('heading', { level: 1 })).toHaveText(expected.title);
    await expect(refusal).toContainText(expected.reason);
    // Nothing wider than the phone, and each link whole on one line (not "Se / déconnecter").
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width);
    for (const name of expected.links) {
      const lines = await refusal.getByRole('link', { name }).evaluate((link) => link.getClientRects().length);
      expect(lines, `the link "${name}" on one line`).toBe(1);
    }
    // The links follow the text, not pinned to the bottom like the scanning pages' bar.
    const gap = await refusal.evaluate((main) => {
      const note = main.querySelector('p:nth-of-type(2)')!.getBoundingClientRect().bottom;
      return main.querySelector('a')!.getBoundingClientRect().top - note;
    });
    expect(gap).toBeLessThan(80);
  } finally {
    await context.close();
  }
}

test('the staff app answers 403, in the member’s language, to a role the page is not for', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const partners = await (await request.get('/api/partners?limit=1&depth=0', { headers: admin })).json();
  const partner = (partners.docs[0] as { id: number }).id;

  const crew = await member(request, { role: 'crew', language: 'fr', name: 'Équipage' });
  const fr = boardingFr.staffApp;
  await refused(browser, crew, '/staff/door', {
    title: fr.refusedTitle,
    reason: fr.refusedDoor,
    links: [fr.backOffice, fr.signOut],
  });

  const door = await member(request, { role: 'partner', language: 'es', name: 'Puerta', partner });
  const es = boardingEs.staffApp;
  await refused(browser, door, '/staff/boarding', {
    title: es.refusedTitle,
    reason: es.refusedBoarding,
    links: [es.backOffice, es.signOut],
  });

  const unattached = await member(request, { role: 'admin', language: 'ca', name: 'Administradora' });
  const ca = boardingCa.staffApp;
  await refused(browser, unattached, '/staff/door', {
    title: ca.refusedTitle,
    reason: ca.noPartner,
    links: [ca.backOffice, ca.signOut],
  });

  // The crew's own page is not refused.
  const context = await browser.newContext({ viewport: SMALL_PHONE, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await signIn(page, crew, '/staff/boarding');
    expect((await page.goto('/staff/boarding'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: boardingFr.boarding.pickDeparture })).toBeVisible();
  } finally {
    await context.close();
  }
});
