import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type APIResponse } from '@playwright/test';

import { rejectOptionalCookies } from '../fixtures/consent';
import { e2eAdmin } from './staff-departures';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

function nonceOf(policy: string): string {
  const source = directives(policy)
    .get('script-src')
    ?.find((s) => s.startsWith("'nonce-"));
  expect(source, 'script-src has a nonce').toBeDefined();
  return source!.slice("'nonce-".length, -1);
}

function expectCommonHeaders(response: APIResponse) {
  const h = response.headers();
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(h['permissions-policy']).toContain('camera=()');
  // The e2e server runs with APP_ENV=test: HSTS is for production only.
  expect(h['strict-transport-security']).toBeUndefined();
}

function expectStrictPagePolicy(policy: string) {
  const d = directives(policy);
  expect(d.get('script-src')).toContain("'strict-dynamic'");
  expect(d.get('script-src')).not.toContain("'unsafe-inline'");
  expect(d.get('script-src')).not.toContain("'unsafe-eval'");
  expect(d.get('object-src')).toEqual(["'none'"]);
  expect(d.get('base-uri')).toEqual(["'none'"]);
  expect(d.get('frame-ancestors')).toEqual(["'none'"]);
  expect(d.get('form-action')).toEqual(expect.arrayContaining(["'self'", 'https://sis.redsys.es']));
}

function scriptHashes(policy: string): string[] {
  return (directives(policy).get('script-src') ?? []).filter((s) => s.startsWith("'sha256-"));
}

function expectPublicPagePolicy(policy: string) {
  const d = directives(policy);
  const script = d.get('script-src')!;
  // No nonce on a page every visitor shares, and so no 'strict-dynamic' (docs/decisions/031-csp-hashes.md).
  expect(script.filter((s) => !s.startsWith("'sha256-"))).toEqual([
    "'self'",
    `http://127.0.0.1:${Number(new URL(test.info().project.use.baseURL!).port) + 9}`,
    'https://*.googletagmanager.com',
  ]);
  expect(d.get('object-src')).toEqual(["'none'"]);
  expect(d.get('base-uri')).toEqual(["'none'"]);
  expect(d.get('frame-ancestors')).toEqual(["'none'"]);
  expect(d.get('form-action')).toEqual(expect.arrayContaining(["'self'", 'https://sis.redsys.es']));
}

test('a public page: the same bytes and policy for every visitor, inline scripts allowed by hash, shared-cacheable', async ({
  request,
}) => {
  await request.get('/es'); // renders it into the page cache, if no other test has
  // Two visitors served the same cached page. A STALE answer means the cache was refreshing the
  // page meanwhile (its departures board changes by the minute), and the next visitor rightly
  // gets the new copy: ask again until both come from one copy.
  let [first, second] = [await request.get('/es'), await request.get('/es')];
  for (
    let attempt = 0;
    attempt < 5 && [first, second].some((r) => r.headers()['x-nextjs-cache'] !== 'HIT');
    attempt++
  ) {
    [first, second] = [await request.get('/es'), await request.get('/es')];
  }
  for (const response of [first, second]) {
    expect(response.status()).toBe(200);
    expectCommonHeaders(response);
    expect(response.headers()['x-nextjs-cache']).toMatch(/HIT|STALE/);
    expect(response.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    // No validator: a shared cache refreshes the page whole, with its header.
    expect(response.headers()['etag']).toBeUndefined();
  }
  const policy = first.headers()['content-security-policy']!;
  expect(second.headers()['content-security-policy']).toBe(policy);
  expectPublicPagePolicy(policy);
  const html = await first.text();
  expect(await second.text()).toBe(html);

  expect(html).not.toMatch(/\snonce=/);
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes]) => !/\bsrc=|application\/(ld\+)?json/.test(attributes!),
  );
  expect(inline.length).toBeGreaterThan(0);
  const expected = inline.map(([, , body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
  expect(new Set(scriptHashes(policy))).toEqual(new Set(expected));
});

test('a script injected into a public page does not run, and is reported as a violation', async ({
  page,
  context,
  baseURL,
}) => {
  await rejectOptionalCookies(context, baseURL!);
  await page.goto('/en');
  await expect(page.getByTestId('cookie-settings')).toBeVisible();
  const violation = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), { once: true });
      }),
  );
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.appendChild(script);
  });
  expect(await violation).toMatch(/^script-src/);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});

test('a signed booking page keeps a per-response nonce and stays out of shared caches', async ({ request }) => {
  const policies = new Set<string>();
  for (let i = 0; i < 2; i += 1) {
    const response = await request.get('/en/reserva/BCN-NOPE?firma=x');
    const policy = response.headers()['content-security-policy']!;
    expectStrictPagePolicy(policy);
    policies.add(nonceOf(policy));
    expect(response.headers()['cache-control']).not.toMatch(/public/);
  }
  expect(policies.size).toBe(2);
});

test('the page runs under its policy: no CSP violation, the client code works', async ({ page, context, baseURL }) => {
  await rejectOptionalCookies(context, baseURL!);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/en');
  // The cookie-settings button is rendered by client code after hydration.
  await expect(page.getByTestId('cookie-settings')).toBeVisible();
  await page.locator('footer a[href="/en/contacto"]').click();
  await expect(page).toHaveURL(/\/en\/contacto$/);
  expect(violations).toEqual([]);
});

test('a form POST gets the same headers', async ({ request }) => {
  const response = await request.post('/en/contacto', {
    form: { name: 'x' },
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
    maxRedirects: 0,
  });
  expectCommonHeaders(response);
  expectPublicPagePolicy(response.headers()['content-security-policy']!);
  // An answer to one visitor's post is never for a shared cache.
  expect(response.headers()['cache-control'] ?? '').not.toMatch(/public/);
});

test('a server action from another origin is refused, and oversized bodies too', async ({ request }) => {
  const crossSite = await request.post('/en/contacto', {
    headers: { origin: 'https://evil.example', 'next-action': '0'.repeat(42), 'content-type': 'text/plain' },
    data: '[]',
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBeGreaterThanOrEqual(400);
  // Over the 100 kB a page's form post may carry, small enough to be sent whole: a larger body is
  // refused (413) before it is read and the connection closed under the sender (body-limit.test.ts).
  const big = await request.post('/en/contacto', {
    headers: { 'next-action': '0'.repeat(42), 'content-type': 'text/plain' },
    data: 'x'.repeat(150 * 1024),
    maxRedirects: 0,
  });
  expect(big.status()).toBe(413);
});

test('the back office: nonce CSP, never cached, and logging in works under the policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/admin/login');
  expect(response).not.toBeNull();
  const h = await response!.allHeaders();
  expect(h['cache-control']).toMatch(/no-store/);
  expect(h['x-content-type-options']).toBe('nosniff');
  expectStrictPagePolicy(h['content-security-policy']!);
  expect(h['content-security-policy']).not.toMatch(/google/);

  await page.getByLabel(/email/i).fill(e2eAdmin().email);
  await page.getByLabel(/password|contrasenya|contraseña/i).fill(e2eAdmin().password);
  await page.getByRole('button', { name: /login|entrar|inicia|iniciar/i }).click();
  await expect(page).toHaveURL(/\/admin\/?$/, { timeout: 20_000 });
  await expect(page.getByRole('link', { name: /tours|users|usuaris/i }).first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('the API: locked-down policy, never cached; cookies from another origin are not trusted', async ({
  request,
  baseURL,
}) => {
  const login = await request.post('/api/users/login', { data: e2eAdmin(), headers: { origin: baseURL! } });
  expect(login.ok()).toBe(true);
  expectCommonHeaders(login);
  expect(login.headers()['cache-control']).toMatch(/no-store/);
  expect(login.headers()['content-security-policy']).toContain("default-src 'none'");

  const sameSite = await request.get('/api/users/me', { headers: { origin: baseURL! } });
  expect(((await sameSite.json()) as { user: unknown }).user).not.toBeNull();
  // Payload's CSRF list: the session cookie counts only when the request comes from our origin.
  const crossSite = await request.get('/api/users/me', { headers: { origin: 'https://evil.example' } });
  expect(((await crossSite.json()) as { user: unknown }).user).toBeNull();
});

test('the boarding page and the partner’s door may use the camera, nothing else may', async ({ request }) => {
  for (const path of ['/staff/boarding', '/staff/door']) {
    const page = await request.get(path, { maxRedirects: 0 });
    expect(page.headers()['permissions-policy'], path).toContain('camera=(self)');
    // Per staff member, like the back office: never kept by a cache.
    expect(page.headers()['cache-control'], path).toMatch(/no-store/);
  }
  // The boarding page's old address (a Payload admin view until issue 46) sends there.
  const old = await request.get('/admin/boarding?departure=3', { maxRedirects: 0 });
  expect(old.status()).toBe(308);
  expect(
    new URL(old.headers()['location']!, 'http://x').pathname + new URL(old.headers()['location']!, 'http://x').search,
  ).toBe('/staff/boarding?departure=3');
  const home = await request.get('/');
  expect(home.headers()['permissions-policy']).toContain('camera=()');
});

test('a public page asks for no client hints, so a first visit fetches it once; the back office keeps its colour-scheme hint', async ({
  page,
  request,
}) => {
  for (const path of ['/es', '/en/tour/puerto-y-litoral-60-min']) {
    const h = (await request.get(path)).headers();
    // Critical-CH makes Chromium drop the first response and fetch the page again with the hint.
    expect(h['critical-ch'], path).toBeUndefined();
    expect(h['accept-ch'], path).toBeUndefined();
  }
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
  });
  await page.goto('/fr/tour/puerto-y-litoral-60-min');
  expect(documents).toHaveLength(1);

  const admin = (await request.get('/admin/login')).headers();
  expect(admin['accept-ch']).toBe('Sec-CH-Prefers-Color-Scheme');
});

test("the build's scripts carry nosniff and none of the documents' headers; a build SVG keeps its lockdown", async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && r.url().includes('/_next/static/')) scripts.push(r.url());
  });
  await page.goto('/en', { waitUntil: 'networkidle' });
  // Scripts start after the first paint (decision 115): hydrated means they have all come.
  await expect(page.locator('[data-arriving]')).toHaveCount(0);
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    const h = (await request.get(url)).headers();
    expect(h['x-content-type-options'], url).toBe('nosniff');
    expect(h['cache-control'], url).toBe('public, max-age=31536000, immutable');
    for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'referrer-policy']) {
      expect(h[name], `${name} on ${url}`).toBeUndefined();
    }
  }
  // An SVG can run script when opened on its own: the build's keep the locked-down policy.
  const media = path.join(import.meta.dirname, '../../.next/static/media');
  const svg = readdirSync(media).find((name) => name.endsWith('.svg'));
  expect(svg).toBeDefined();
  const svgHeaders = (await request.get(`/_next/static/media/${svg}`)).headers();
  expect(svgHeaders['content-security-policy']).toContain("default-src 'none'");
});
