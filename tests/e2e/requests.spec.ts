import { readFileSync } from 'node:fs';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';

import { baseURL } from '../../playwright.config';
import { rejectOptionalCookies } from '../fixtures/consent';
import { holdScripts } from '../fixtures/hold-scripts';
import { e2eAdmin } from './staff-departures';

type FormMessages = typeof import('../../src/i18n/messages/forms/en.json');
const load = (locale: string): FormMessages =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `../../src/i18n/messages/forms/${locale}.json`), 'utf8'));
const [ca, es, en, fr] = ['ca', 'es', 'en', 'fr'].map(load) as [FormMessages, FormMessages, FormMessages, FormMessages];

/**
 * The school, group, agency and contact forms as a visitor uses them, in every locale, with and
 * without JavaScript, and what they become in the back office.
 */
const messages = { ca, es, en, fr } as const;
type Locale = keyof typeof messages;
const locales = Object.keys(messages) as Locale[];
type Kind = 'school' | 'group' | 'agency' | 'contact';
const kinds: Kind[] = ['school', 'group', 'agency', 'contact'];

const prefix = (locale: Locale) => (locale === 'ca' ? '' : `/${locale}`);
const paths: Record<Kind, string> = {
  school: '/escuelas/puerto-a-la-vista',
  group: '/grupos-y-agencias/grupos',
  agency: '/grupos-y-agencias/agencias',
  contact: '/contacto',
};
const url = (kind: Kind, locale: Locale) => `${prefix(locale)}${paths[kind]}`;

/** Forms sent faster than this are refused as automated; scripts/e2e-server.mjs sets the same value. */
// The production default: long enough that the "too fast" test's fresh stamp is still too young
// when it arrives, even on a loaded CI machine (at 1 s it was not).
const MIN_FILL_MS = Number(process.env.FORM_MIN_FILL_MS ?? 3000);

const inAMonth = (() => {
  const d = new Date(Date.now() + 30 * 86_400_000);
  return d.toISOString().slice(0, 10);
})();

let ipCounter = 0;
/** Each test is its own visitor for the per-IP rate limit (test-only header, see src/lib/client-ip.ts). */
async function asNewVisitor(page: Page) {
  ipCounter += 1;
  const ip = `198.51.${process.pid % 250}.${(ipCounter % 250) + 1}-${test.info().testId}`;
  await page.setExtraHTTPHeaders({ 'x-test-client-ip': ip });
}

function form(page: Page, kind: Kind) {
  return page.locator(`#request-${kind} form`);
}

/**
 * Opens the form's page and waits until React runs it: typing into the server HTML before that
 * races hydration, and the "after blur" assertions then see focus events React replayed.
 */
async function open(page: Page, kind: Kind, locale: Locale) {
  await page.goto(url(kind, locale));
  await expect(form(page, kind)).toHaveAttribute('data-hydrated', 'true');
}

async function fillValid(page: Page, kind: Kind, email: string) {
  const f = form(page, kind);
  const fill = (name: string, value: string) => f.locator(`[name="${name}"]`).fill(value);
  if (kind === 'school') {
    await fill('schoolName', 'Escola del Mar');
    await fill('schoolPhone', '+34 933 000 000');
    await fill('contactName', 'Marta Puig');
    await fill('email', email);
    await fill('students', '40');
    await fill('teachers', '3');
    await fill('grade', '5è');
    await fill('preferredDate', inAMonth);
  } else if (kind === 'contact') {
    await fill('name', 'Ana López');
    await fill('email', email);
    await fill('message', 'Do you run tours on 1 January?');
  } else {
    await fill('organisation', 'Casal Gent Gran');
    if (kind === 'agency') await fill('agencyLicence', 'GC-001234');
    await fill('contactName', 'Joan Serra');
    await fill('email', email);
    await fill('phone', '600 000 000');
    await f.locator('[name="tour"]').selectOption('barcelona-port-40-min');
    await fill('date', inAMonth);
    await fill('groupSize', '25');
  }
}

/** The stamp answers of /api/forms/stamp each page received, and how many are still on their way. */
const stampFetches = new WeakMap<Page, { pending: number; latestIssuedAt: number }>();
const issuedAt = (stamp: string) => Number(stamp.split('.')[0]);

function trackStampFetches(page: Page) {
  const tracker = { pending: 0, latestIssuedAt: 0 };
  stampFetches.set(page, tracker);
  const isStamp = (u: string) => new URL(u).pathname === '/api/forms/stamp';
  page.on('request', (request) => {
    if (isStamp(request.url())) tracker.pending += 1;
  });
  page.on('requestfailed', (request) => {
    if (isStamp(request.url())) tracker.pending -= 1;
  });
  page.on('response', async (response) => {
    if (!isStamp(response.url())) return;
    const body = (await response.json().catch(() => ({}))) as { stamp?: string };
    if (body.stamp) tracker.latestIssuedAt = Math.max(tracker.latestIssuedAt, issuedAt(body.stamp));
    tracker.pending -= 1;
  });
}

/**
 * Resolves once the stamp the form will post is older than the minimum fill time: the very
 * condition the server checks, instead of a sleep. With JavaScript the form swaps in a fresh
 * stamp when the visitor starts typing; that answer must have landed first.
 */
async function untilFillTimeUp(page: Page, kind: Kind) {
  const input = form(page, kind).locator('input[name="stamp"]');
  const tracker = stampFetches.get(page) ?? { pending: 0, latestIssuedAt: 0 };
  await expect
    .poll(
      async () => {
        const issued = issuedAt(await input.inputValue());
        if (tracker.pending > 0 || issued < tracker.latestIssuedAt) return -1;
        return Date.now() - issued;
      },
      { intervals: [50], timeout: MIN_FILL_MS + 10_000 },
    )
    .toBeGreaterThanOrEqual(MIN_FILL_MS);
}

async function submit(page: Page, kind: Kind) {
  await form(page, kind).getByRole('button').click();
}

async function axe(page: Page, kind: Kind) {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .include(`#request-${kind}`)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * axe needs JavaScript, so a page rendered without it is checked as a snapshot: its HTML (scripts
 * removed, so nothing hydrates) served from the same origin to a JavaScript-enabled page.
 */
async function axeSnapshot(browser: Browser, page: Page, kind: Kind) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '');
  const context = await browser.newContext({ javaScriptEnabled: true });
  const snapshot = await context.newPage();
  await snapshot.route('**/__axe-snapshot', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await snapshot.goto(new URL('/__axe-snapshot', page.url()).toString());
  await axe(snapshot, kind);
  await context.close();
}

async function staffToken(page: Page): Promise<string> {
  const response = await page.request.post('/api/users/login', {
    data: e2eAdmin(),
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

test.beforeEach(async ({ page }) => {
  trackStampFetches(page);
  await asNewVisitor(page);
  // The consent bar is not what these tests are about: once it appeared mid-fill on a slow run,
  // the e-mail field lost focus early and showed its error before the test blurred it.
  await rejectOptionalCookies(page.context(), baseURL);
});

/**
 * Each form in two of the four languages, chosen so that every language is tried on two forms
 * (the message catalogues themselves are compared key by key in the unit tests): the full sixteen
 * pairs were a tenth of the browser suite's time and found nothing these eight do not.
 */
const localesOf = (kind: Kind): Locale[] => {
  const i = kinds.indexOf(kind);
  return [locales[i % locales.length]!, locales[(i + 2) % locales.length]!];
};

for (const locale of locales) {
  const t = messages[locale].forms;
  for (const kind of kinds.filter((k) => localesOf(k).includes(locale))) {
    test(`${kind} form (${locale}): a valid request is sent`, async ({ page }) => {
      await open(page, kind, locale);
      await fillValid(page, kind, `visitor-${kind}-${locale}@example.com`);
      await untilFillTimeUp(page, kind);
      await submit(page, kind);
      const result = page.getByTestId('form-result');
      await expect(result).toContainText(t.sent);
      // Focus moves to the message, so screen-reader and keyboard users hear the outcome.
      await expect(page.locator(`#request-${kind} form > div[tabindex="-1"]`)).toBeFocused();
      // The form starts over.
      await expect(form(page, kind).locator('[name="email"]')).toHaveValue('');
    });

    test(`${kind} form (${locale}): every message of the spec, after blur and after submit`, async ({ page }) => {
      await open(page, kind, locale);
      const f = form(page, kind);
      const email = f.locator('[name="email"]');
      // Nothing shows before the visitor leaves a field.
      await email.fill('not-an-email');
      await expect(f.getByText(t.errors.email)).toHaveCount(0);
      await email.blur();
      await expect(f.getByText(t.errors.email)).toBeVisible();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
      await expect(page.locator(`[id="${describedBy.split(' ').pop()}"]`)).toHaveText(t.errors.email);
      // Submitting shows every error, with the summary focused.
      await submit(page, kind);
      const summary = page.getByTestId('form-summary');
      await expect(summary).toContainText(t.incomplete);
      await expect(f.getByText(t.errors.required).first()).toBeVisible();
      await expect(page.locator(`#request-${kind} form > div[tabindex="-1"]`)).toBeFocused();
      await axe(page, kind);
      // What was typed is kept.
      await expect(email).toHaveValue('not-an-email');
    });
  }

  if (localesOf('school').includes(locale))
    test(`school form (${locale}): 39 students are refused, 40 accepted`, async ({ page }) => {
      await open(page, 'school', locale);
      await fillValid(page, 'school', `school-39-${locale}@example.com`);
      const students = form(page, 'school').locator('[name="students"]');
      await students.fill('39');
      await students.blur();
      await expect(form(page, 'school').getByText(t.errors.minStudents)).toBeVisible();
      await submit(page, 'school');
      await expect(page.getByTestId('form-summary')).toContainText(t.errors.minStudents);
      await students.fill('40');
      await students.blur();
      await expect(form(page, 'school').getByText(t.errors.minStudents)).toHaveCount(0);
    });
}

// One test per form: the four in one test outgrew its time limit on a busy machine.
for (const kind of kinds) {
  test(`axe: the ${kind} form is clean when empty and after a successful send`, async ({ page }) => {
    test.setTimeout(60_000);
    await open(page, kind, 'en');
    await axe(page, kind);
    await fillValid(page, kind, `axe-${kind}@example.com`);
    await untilFillTimeUp(page, kind);
    await submit(page, kind);
    await expect(page.getByTestId('form-result')).toContainText(en.forms.sent);
    await axe(page, kind);
  });
}

test('a request is stored with its two e-mails, which the queue sends', async ({ page }) => {
  test.setTimeout(100_000);
  const email = `stored-${Date.now()}@example.com`;
  await open(page, 'school', 'fr');
  await fillValid(page, 'school', email);
  await untilFillTimeUp(page, 'school');
  await submit(page, 'school');
  await expect(page.getByTestId('form-result')).toContainText(fr.forms.sent);

  const token = await staffToken(page);
  const headers = { Authorization: `JWT ${token}` };
  const found = await page.request.get(`/api/requests?where[email][equals]=${encodeURIComponent(email)}&depth=0`, {
    headers,
  });
  const { docs } = (await found.json()) as {
    docs: { id: number; kind: string; locale: string; status: string; students: number; emails: number[] }[];
  };
  expect(docs).toHaveLength(1);
  expect(docs[0]).toMatchObject({ kind: 'school', locale: 'fr', status: 'new', students: 40 });
  expect(docs[0]!.emails).toHaveLength(2);
  // The in-process runner sends request mail five at a time every ten seconds; the other tests
  // of this file, running alongside, may have queued a few dozen before these two.
  await expect
    .poll(
      async () => {
        const logs = await page.request.get(`/api/email-log?where[ref][equals]=requests:${docs[0]!.id}&depth=0`, {
          headers,
        });
        return ((await logs.json()) as { docs: { status: string }[] }).docs.map((d) => d.status).sort();
      },
      { timeout: 75_000 },
    )
    .toEqual(['sent', 'sent']);
  // Staff can download each message as sent; visitors cannot read requests or e-mails.
  const logs = await page.request.get(`/api/email-log?where[ref][equals]=requests:${docs[0]!.id}&sort=createdAt`, {
    headers,
  });
  const [operatorLog, visitorLog] = ((await logs.json()) as { docs: { id: number }[] }).docs;
  const eml = await page.request.get(`/api/email-log/${visitorLog!.id}/eml`, { headers });
  expect(eml.headers()['content-type']).toBe('message/rfc822');
  const raw = await eml.text();
  expect(raw).toMatch(new RegExp(`^To: .*<${email.replace(/[.]/g, '\\.')}>$`, 'm'));
  expect(raw).toContain('Subject: =?UTF-8?Q?Nous_avons_bien_re=C3=A7u_votre_demande');
  expect((await page.request.get(`/api/email-log/${operatorLog!.id}/eml`)).status()).toBe(403);
  // Visitors cannot read requests.
  expect((await page.request.get('/api/requests', { headers: { Authorization: '' } })).status()).toBe(403);
});

test('what a visitor types before the page has come alive is kept, and sent', async ({ page }) => {
  // Scripts start after the first paint (decision 115): a quick visitor may be typing before.
  const release = await holdScripts(page);
  await page.goto(url('agency', 'es'), { waitUntil: 'domcontentloaded' });
  const email = `early-${Date.now()}@example.com`;
  await fillValid(page, 'agency', email);
  const f = form(page, 'agency');
  await expect(f).not.toHaveAttribute('data-hydrated');
  // Typing the whole form took the visitor longer than the minimum fill time (on a slow phone,
  // before the scripts arrived): the page's stamp is at least that old.
  await untilFillTimeUp(page, 'agency');
  release();
  await expect(f).toHaveAttribute('data-hydrated', 'true');
  await expect(f.locator('[name="organisation"]')).toHaveValue('Casal Gent Gran');
  await expect(f.locator('[name="email"]')).toHaveValue(email);
  await expect(f.locator('[name="tour"]')).toHaveValue('barcelona-port-40-min');
  await expect(f.locator('[name="groupSize"]')).toHaveValue('25');
  // They look back over a field and send a moment later: not "too fast".
  await f.locator('[name="contactName"]').focus();
  await page.waitForTimeout(1_000);
  await submit(page, 'agency');
  await expect(page.getByTestId('form-result')).toContainText(messages.es.forms.sent);
});

test('the honeypot refuses a bot and stores nothing', async ({ page }) => {
  const email = `bot-${Date.now()}@example.com`;
  await open(page, 'contact', 'en');
  await fillValid(page, 'contact', email);
  await form(page, 'contact').locator('[name="website"]').fill('https://spam.example', { force: true });
  await untilFillTimeUp(page, 'contact');
  await submit(page, 'contact');
  await expect(page.getByTestId('form-result')).toContainText(en.forms.rejected);
  await expect(form(page, 'contact').locator('[name="email"]')).toHaveValue(email);
  const token = await staffToken(page);
  const found = await page.request.get(`/api/requests?where[email][equals]=${encodeURIComponent(email)}`, {
    headers: { Authorization: `JWT ${token}` },
  });
  expect(((await found.json()) as { totalDocs: number }).totalDocs).toBe(0);
});

test('a form sent faster than a person could fill it is refused, then accepted', async ({ page }) => {
  await open(page, 'contact', 'es');
  await fillValid(page, 'contact', 'fast@example.com');
  // What a bot does: take a brand-new stamp and post at once. Deterministic however slow the
  // machine is, unlike racing the visitor's own typing against the clock.
  const { stamp } = (await (await page.request.get('/api/forms/stamp')).json()) as { stamp: string };
  // The form's own fresh stamp (fetched when typing began) must be in place before we replace it.
  const current = form(page, 'contact').locator('input[name="stamp"]');
  await expect
    .poll(async () => {
      const tracker = stampFetches.get(page)!;
      return tracker.pending === 0 && issuedAt(await current.inputValue()) >= tracker.latestIssuedAt;
    })
    .toBe(true);
  await form(page, 'contact')
    .locator('input[name="stamp"]')
    .evaluate((input, value) => ((input as HTMLInputElement).value = value), stamp);
  await submit(page, 'contact');
  await expect(page.getByTestId('form-result')).toContainText(es.forms.tooFast);
  await untilFillTimeUp(page, 'contact');
  await submit(page, 'contact');
  await expect(page.getByTestId('form-result')).toContainText(es.forms.sent);
});

test('a burst past 5 requests in 10 minutes is refused, and other forms still work', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page, 'contact', 'ca');
  for (let i = 0; i < 5; i++) {
    await fillValid(page, 'contact', `burst-${i}@example.com`);
    await untilFillTimeUp(page, 'contact');
    await submit(page, 'contact');
    await expect(page.getByTestId('form-result')).toContainText(ca.forms.sent);
  }
  await fillValid(page, 'contact', 'burst-6@example.com');
  await untilFillTimeUp(page, 'contact');
  await submit(page, 'contact');
  await expect(page.getByTestId('form-result')).toContainText(ca.forms.rateLimited);
  await expect(form(page, 'contact').locator('[name="email"]')).toHaveValue('burst-6@example.com');
  await axe(page, 'contact');
  // The limit is per form: the same visitor can still ask for a group visit.
  await open(page, 'group', 'ca');
  await fillValid(page, 'group', 'burst-group@example.com');
  await untilFillTimeUp(page, 'group');
  await submit(page, 'group');
  await expect(page.getByTestId('form-result')).toContainText(ca.forms.sent);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const kind of kinds) {
    test(`${kind} form works: errors keep what was typed, then it is sent`, async ({ page, browser }) => {
      const locale: Locale = kind === 'school' ? 'fr' : kind === 'contact' ? 'ca' : 'es';
      const t = messages[locale].forms;
      await page.goto(url(kind, locale));
      await fillValid(page, kind, 'nojs@example');
      if (kind === 'school') await form(page, kind).locator('[name="students"]').fill('39');
      await submit(page, kind);
      await expect(page.getByTestId('form-summary')).toContainText(t.incomplete);
      await expect(form(page, kind).locator('[id$="-email-error"]')).toHaveText(t.errors.email);
      if (kind === 'school') {
        await expect(form(page, kind).locator('[id$="-students-error"]')).toHaveText(t.errors.minStudents);
      }
      await expect(form(page, kind).locator('[name="email"]')).toHaveValue('nojs@example');
      await axeSnapshot(browser, page, kind);

      await form(page, kind).locator('[name="email"]').fill('nojs@example.com');
      if (kind === 'school') await form(page, kind).locator('[name="students"]').fill('41');
      await untilFillTimeUp(page, kind);
      await submit(page, kind);
      await expect(page.getByTestId('form-result')).toContainText(t.sent);
      await axeSnapshot(browser, page, kind);
    });
  }
});
