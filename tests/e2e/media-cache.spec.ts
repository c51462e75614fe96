import { expect, test } from '@playwright/test';

test("the home page's hero (its largest paint) is a versioned URL kept for a year", async ({ page, request }) => {
  // The build's pages may name another database's media versions, which are (rightly) not
  // immutable here: start from pages rendered against this server's content.
  expect((await request.post('/api/test/revalidate')).ok()).toBe(true);
  let src: string | null = null;
  await expect
    .poll(async () => {
      await page.goto('/');
      src = await page.locator('.home-hero__image').getAttribute('src');
      return (await request.get(src!)).headers()['cache-control'];
    })
    .toBe('public, max-age=31536000, immutable');
  expect(src).toMatch(/^\/api\/media\/file\/[^/?]+\?v=[a-z0-9-]+$/);

  const versioned = await request.get(src!);
  expect(versioned.status()).toBe(200);
  expect(versioned.headers()['content-type']).toMatch(/^image\//);
  expect(versioned.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(versioned.headers()['x-content-type-options']).toBe('nosniff');
  expect(versioned.headers()['content-security-policy']).toContain("default-src 'none'");

  // The same file without the version (an old link) may change under its name: a short cache.
  const bare = await request.get(src!.split('?')[0]!);
  expect(bare.status()).toBe(200);
  expect(bare.headers()['cache-control']).toBe('public, max-age=300');

  // A version the file does not have (an old one, a made-up one) must not pin today's bytes for a
  // year under that URL: the next replacement would never reach whoever cached it.
  for (const other of [`${src!.split('?')[0]}?v=0`, `${src!}x`]) {
    const wrong = await request.get(other);
    expect(wrong.status()).toBe(200);
    expect(wrong.headers()['cache-control']).toBe('public, max-age=300');
  }

  // Errors and the rest of the API are never cached.
  const missing = await request.get('/api/media/file/no-such-file.svg?v=abc');
  expect(missing.ok()).toBe(false);
  expect(missing.headers()['cache-control']).toMatch(/no-store/);
  const list = await request.get('/api/media?limit=1&v=abc');
  expect(list.headers()['cache-control']).toMatch(/no-store/);
});
