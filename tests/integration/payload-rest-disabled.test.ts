import { describe, expect, it } from 'vitest';

import * as payloadRest from '@/app/(payload)/api/[...slug]/route';
import securityEs from '@/i18n/messages/security/es.json';

import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'OPTIONS';
type Handler = (request: Request, args: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
const handlers = payloadRest as unknown as Record<Method, Handler>;

const payload = useTestPayload();

/**
 * Issue 42: `/api/payload-migrations` (Payload's own collection, REST switched off) answered every
 * method with a 501 "Cannot GET http://<the instance's internal address>/…". Now a 404 like any
 * name the API does not serve, in the visitor's language, naming nothing internal.
 */
describe(`a collection without a REST API on ${testDatabaseKind}`, () => {
  it('answers 404 to every method, naming no address', async () => {
    expect(payload).toBeTruthy();
    for (const path of ['/api/payload-migrations', '/api/payload-migrations/1', '/api/payload-migrations/count']) {
      for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'] as const) {
        // The internal origin Next hands route handlers: the instance's own address.
        const url = new URL(`http://10.1.2.3:3217${path}`);
        const withBody = ['POST', 'PATCH', 'PUT'].includes(method);
        const request = new Request(url, {
          method,
          headers: { 'accept-language': 'es', ...(withBody ? { 'content-type': 'application/json' } : {}) },
          body: withBody ? '{}' : null,
        });
        const slug = url.pathname.replace(/^\/api\//, '').split('/');
        const response = await handlers[method](request, { params: Promise.resolve({ slug }) });
        const text = await response.text();
        expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
        expect(text).not.toMatch(/10\.1\.2\.3|3217|http:|localhost/);
        expect(JSON.parse(text)).toMatchObject({ errors: [{ message: securityEs.security.errors.notFound }] });
      }
    }
  });

  it('leaves collections with a REST API alone', async () => {
    const url = new URL('http://10.1.2.3:3217/api/tours?limit=1&depth=0');
    const response = await handlers.GET(new Request(url), { params: Promise.resolve({ slug: ['tours'] }) });
    expect(response.status).toBe(200);
  });
});
