import { expect, test } from '@playwright/test';

/**
 * Issue 42: what a request for something that does not exist answers, on the production server.
 * - A client-side navigation (`RSC: 1` with `Next-Router-State-Tree`) to a missing page answered
 *   500 when the tree did not parse; the existing pages hid it behind their `_rsc` redirect
 *   (src/security/router-state-header.mjs).
 * - `/api/payload-migrations` answered 501 to every method, naming the instance's internal
 *   address (src/collections/rest-guard.ts).
 */
const tree = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const REAL_TREE = tree([
  '',
  {
    children: [
      '(site)',
      { children: [['locale', 'es', 'd', null], { children: ['__PAGE__', {}, null, null, 1024] }, null, null, 1040] },
      null,
      null,
      1040,
    ],
  },
  null,
  null,
  1040,
]);

test('a client-side navigation to a missing page gets the 404, whatever router state it sends', async ({ request }) => {
  const states = {
    real: REAL_TREE,
    'not a tree': tree(['', { children: ['__PAGE__', {}] }, null, null, true]),
    'not JSON': 'garbage',
  };
  const answers: string[] = [];
  for (const [name, state] of Object.entries(states)) {
    for (const path of ['/es/no-such-page', '/no-such-page', '/es/tour/no-such-tour', '/fr/a/b/c']) {
      const response = await request.get(path, {
        headers: { RSC: '1', 'Next-Router-State-Tree': state, 'Next-Url': '/es' },
        maxRedirects: 0,
      });
      answers.push(`${name} ${path} ${response.status()}`);
    }
  }
  expect(answers).toEqual(answers.map((a) => a.replace(/\d+$/, '404')));
  // An existing page with a tree that does not parse: its page, never an error.
  const page = await request.get('/es', {
    headers: { RSC: '1', 'Next-Router-State-Tree': states['not JSON'] },
  });
  expect(page.status()).toBe(200);
});

test('the API collection without a REST API is not found, and names nothing internal', async ({ request, baseURL }) => {
  const port = new URL(baseURL!).port;
  for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS']) {
    for (const path of ['/api/payload-migrations', '/api/payload-migrations/1']) {
      const response = await request.fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        data: ['POST', 'PATCH', 'PUT'].includes(method) ? {} : undefined,
      });
      const body = await response.text();
      expect(`${method} ${path} ${response.status()}`).toBe(`${method} ${path} 404`);
      expect(body).not.toContain(port);
      expect(body).not.toMatch(/localhost|127\.0\.0\.1|0\.0\.0\.0|http:/);
    }
  }
});
