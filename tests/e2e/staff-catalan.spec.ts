import type { Page } from '@playwright/test';
import { ca } from '@payloadcms/translations/languages/ca';
import { en } from '@payloadcms/translations/languages/en';

import { addDays, madridToday } from '../../src/booking/time';
import { adminTranslations } from '../../src/i18n/admin-translations';

import { paidBooking } from './paid-booking';
import { SHOTS } from './shots';
import { addStaffDeparture, staffToken } from './staff-departures';
import { expect, test } from '../fixtures/staff-page';

/**
 * Every staff screen read in Catalan, as a screen reader gets it: the text and the names
 * (aria-label, title, placeholder, alt) of the dashboard, every collection's list, create and edit
 * views, the settings and the day's screens (bookings, box office, till, reports, audit log,
 * invoices, manifest, boarding). A screen fails on "[object Object]" (Payload once named every
 * sort button "Ordena per [object Object] Ascendent") and on any of the framework's English: the
 * texts of Payload's English translations that its Catalan (with our corrections,
 * src/i18n/admin-translations.ts) says otherwise, whole or as a template, and the widgets' own
 * ("Notifications alt+T", "select-all").
 */

const PHONE = { width: 390, height: 844 };

type Strings = Record<string, Record<string, unknown>>;

function catalanOf(namespace: string, key: string): unknown {
  const ours = (adminTranslations.ca as unknown as Strings)[namespace]?.[key];
  return ours ?? (ca.translations as unknown as Strings)[namespace]?.[key];
}

/** English words of the framework that are also Catalan words, used in their Catalan sense on our screens. */
const SAME_IN_CATALAN = new Set(['Import']);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The framework's English a Catalan screen must not show: whole texts, and templates as patterns. */
function frameworkEnglish(): { whole: Set<string>; templates: { text: string; pattern: RegExp }[] } {
  const whole = new Set<string>([
    // Sonner's region and Payload's checkbox titles (their input names), and its offline toast.
    'Notifications alt+T',
    'select-all',
    'select-row',
  ]);
  const templates: { text: string; pattern: RegExp }[] = [
    { text: 'Fetching user failed: …', pattern: /Fetching user failed/ },
    { text: 'Notifications …', pattern: /^Notifications\b/ },
  ];
  for (const [namespace, keys] of Object.entries(en.translations as unknown as Strings)) {
    for (const [key, value] of Object.entries(keys)) {
      if (typeof value !== 'string' || value === catalanOf(namespace, key)) continue;
      const text = value.trim();
      if (!text.includes('{{')) {
        // Single letters and symbols say nothing of a language; a language's own name ("English",
        // in the locale menus) is how every language names it.
        // And a word both languages write alike is Catalan too ("Import": an amount).
        if (/[A-Za-z]{3}/.test(text) && text !== 'English' && !SAME_IN_CATALAN.has(text)) whole.add(text);
        continue;
      }
      const literal = text.replace(/\{\{[^}]+\}\}/g, '');
      // "{{count}} {{label}}" and the like would match any text.
      if ((literal.match(/[A-Za-z]/g) ?? []).length < 4) continue;
      const pattern = new RegExp(
        `^${text
          .split(/\{\{[^}]+\}\}/)
          .map(escape)
          .join('.+')}$`,
        's',
      );
      templates.push({ text, pattern });
    }
  }
  return { whole, templates };
}

const ENGLISH = frameworkEnglish();

type Finding = { where: string; text: string; english: string };

/** What a screen reader can get from the page: its texts and its elements' names. */
async function readable(page: Page): Promise<{ where: string; text: string }[]> {
  return page.evaluate(() => {
    const found: { where: string; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template')) continue;
      const text = (node.textContent ?? '').trim();
      if (text) found.push({ where: `<${parent.tagName.toLowerCase()}> text`, text });
    }
    for (const element of document.body.querySelectorAll('*')) {
      for (const attribute of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
        const text = element.getAttribute(attribute)?.trim();
        if (text) found.push({ where: `<${element.tagName.toLowerCase()}> ${attribute}`, text });
      }
    }
    found.push({ where: 'document title', text: document.title });
    return found;
  });
}

function englishIn(texts: { where: string; text: string }[]): Finding[] {
  const findings: Finding[] = [];
  for (const { where, text } of texts) {
    if (text.includes('[object Object]')) findings.push({ where, text, english: '[object Object]' });
    else if (ENGLISH.whole.has(text)) findings.push({ where, text, english: text });
    else {
      const template = ENGLISH.templates.find(({ pattern }) => pattern.test(text));
      if (template) findings.push({ where, text, english: template.text });
    }
  }
  return findings;
}

/** Opens a screen and waits until the browser has run it (the provider naming Payload's toasts). */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await expect(page.locator('section[data-framework-toasts="named"]')).toBeAttached({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
}

async function expectCatalan(page: Page, path: string, read: string[]): Promise<void> {
  await open(page, path);
  read.push(path);
  const findings = englishIn(await readable(page));
  expect(findings, `${path} in Catalan`).toEqual([]);
}

const COLLECTIONS = [
  'tours',
  'school-tours',
  'boats',
  'boarding-points',
  'media',
  'past-images',
  'pages',
  'timetables',
  'closed-days',
  'departures',
  'bookings',
  'tickets',
  'payment-notifications',
  'payment-events',
  'booking-moves',
  'resellers',
  'reseller-webhooks',
  'audit-log',
  'requests',
  'email-log',
  'redirects',
  'users',
  'payload-jobs',
];
const GLOBALS = ['site', 'home', 'ops-settings'];

test.describe('the back office in Catalan', () => {
  // Some eighty admin pages on a machine the server shares.
  test.describe.configure({ timeout: 900_000 });

  test('the list, create and edit screens of every collection and the settings', async ({ page, staffPage }) => {
    await page.setViewportSize(PHONE);
    await staffPage('admin', { language: 'ca' });
    const read: string[] = [];
    await expectCatalan(page, '/admin', read);
    for (const slug of COLLECTIONS) {
      await expectCatalan(page, `/admin/collections/${slug}`, read);
      // The sort buttons name their column in words.
      for (const label of await page
        .locator('.sort-column__button')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''))) {
        expect(label).toMatch(/^Ordena per \S.* (Ascendent|Descendent)$/);
      }
      const first = page.locator('.table tbody tr a[href*="/admin/collections/"]').first();
      const href = (await first.count()) > 0 ? await first.getAttribute('href') : null;
      if (href) await expectCatalan(page, href, read);
      await expectCatalan(page, `/admin/collections/${slug}/create`, read);
      if (slug === 'departures' || slug === 'closed-days') {
        await page.screenshot({ path: `${SHOTS}/staff-ca-${slug}-create.png` });
      }
    }
    for (const slug of GLOBALS) await expectCatalan(page, `/admin/globals/${slug}`, read);
    await expectCatalan(page, '/admin/account', read);
    test.info().annotations.push({ type: 'screens read in Catalan', description: read.join(' ') });
  });

  test('the day’s screens: today, bookings, box office, till, reports, audit, invoices, manifest, boarding', async ({
    page,
    request,
    staffPage,
  }) => {
    await page.setViewportSize(PHONE);
    const admin = { Authorization: `JWT ${await staffToken(request)}` };
    const tomorrow = addDays(madridToday(new Date()), 1);
    const { id: departureId } = await addStaffDeparture(request, admin, {
      date: tomorrow,
      time: '08:35',
      capacity: 20,
      key: 'ca-sold',
    });
    const reference = await paidBooking(request, departureId, { email: 'staff-catalan@example.com', locale: 'ca' });

    const member = await staffPage('admin', { language: 'ca' });
    // A departure this admin cancels for wind: their day's log says why in Catalan, not "wind".
    const windy = await addStaffDeparture(request, admin, { date: tomorrow, time: '08:05', capacity: 10, key: 'ca' });
    const mine = { Authorization: `JWT ${await staffToken(request, member)}` };
    const cancelled = await request.post(`/api/ops/departures/${windy.id}/cancel`, {
      headers: mine,
      data: { reason: 'wind' },
    });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);

    const read: string[] = [];
    for (const path of [
      '/admin',
      '/admin/ops/bookings',
      `/admin/ops/bookings?q=${reference}`,
      `/admin/ops/bookings/${reference}`,
      `/admin/ops/bookings/${reference}/tickets`,
      '/admin/ops/sell',
      '/admin/ops/cash-up',
      '/admin/ops/till',
      '/admin/ops/reports',
      '/admin/ops/audit',
      '/admin/ops/invoices',
      `/admin/ops/departures/${departureId}/manifest`,
    ]) {
      await expectCatalan(page, path, read);
      const name = path.replace(/\?.*$/, '').replace(/[^a-z]+/g, '-');
      if (/ops-(bookings-|sell|till|reports|audit|departures)|boarding/.test(name)) {
        await page.screenshot({ path: `${SHOTS}/staff-ca${name}.png` });
      }
    }
    // The boarding page: the staff's phone app, outside Payload's admin (no framework there to name),
    // reached from the navigation's link.
    await open(page, '/admin');
    // (On a phone the navigation is folded away: the link is there, the test follows it.)
    const boarding = await page.locator('.ops-nav a[href="/staff/boarding"]').first().getAttribute('href');
    await page.goto(boarding!);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Embarcament');
    expect(englishIn(await readable(page)), '/staff/boarding in Catalan').toEqual([]);
    read.push('/staff/boarding');
    await page.screenshot({ path: `${SHOTS}/staff-ca-staff-boarding.png` });
    await open(page, '/admin/ops/audit');
    const entry = page.locator('tr', { hasText: 'Sortida cancel·lada' }).first();
    await expect(entry.locator('td').last()).toHaveText('Vent');
    test.info().annotations.push({ type: 'screens read in Catalan', description: read.join(' ') });
  });
});
