import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { PUBLIC_PAGE_CACHE } from '../security/inline-hashes.mjs';
import { CLEAR_PAGE_CACHE, createPageCache, isShareablePage, pageCacheKey } from './page-cache.mjs';

const page = { 'cache-control': PUBLIC_PAGE_CACHE, 'content-type': 'text/html; charset=utf-8' };
const request = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  ({ url, method, headers }) as unknown as IncomingMessage;

describe('pageCacheKey', () => {
  it('keys document GETs and HEADs by URL, never client-side navigation or actions', () => {
    expect(pageCacheKey(request('/es?x=1'))).toBe('/es?x=1');
    expect(pageCacheKey(request('/es', {}, 'HEAD'))).toBe('/es');
    expect(pageCacheKey(request('/es', {}, 'POST'))).toBeNull();
    expect(pageCacheKey(request('/es', { rsc: '1' }))).toBeNull();
    expect(pageCacheKey(request('/es', { 'next-router-prefetch': '1' }))).toBeNull();
    expect(pageCacheKey(request('/es', { 'next-action': 'abc' }))).toBeNull();
  });
});

describe('isShareablePage', () => {
  it('takes only 200 public pages without cookies or per-visitor Vary', () => {
    expect(isShareablePage(200, page)).toBe(true);
    expect(isShareablePage(404, page)).toBe(false);
    expect(isShareablePage(200, { ...page, 'cache-control': 'private, no-cache' })).toBe(false);
    expect(isShareablePage(200, { ...page, 'set-cookie': ['a=b'] })).toBe(false);
    expect(isShareablePage(200, { ...page, vary: 'rsc, Cookie, Accept-Language' })).toBe(false);
    expect(isShareablePage(200, { ...page, vary: 'rsc, next-router-state-tree' })).toBe(true);
  });
});

describe('createPageCache', () => {
  let server: ReturnType<typeof createServer> | undefined;
  afterEach(() => server?.close());

  async function serveWith(handler: (req: IncomingMessage, res: ServerResponse) => void) {
    server = createServer(handler);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  }

  it('answers the same URL from memory for a second, with the same headers and bytes', async () => {
    let clock = 0;
    const cache = createPageCache({ now: () => clock });
    let rendered = 0;
    const base = await serveWith((req, res) => {
      if (cache.serve(req, res)) return;
      rendered++;
      const body = Buffer.from(`<html>page ${rendered}</html>`);
      const headers = {
        ...page,
        'content-security-policy': "script-src 'sha256-x'",
        date: 'x',
        'x-nextjs-cache': 'MISS',
      };
      cache.store(req, 200, headers, body);
      res.writeHead(200, headers);
      res.end(body);
    });
    const first = await fetch(`${base}/es`);
    const second = await fetch(`${base}/es`);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('content-security-policy')).toBe("script-src 'sha256-x'");
    expect(second.headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE);
    expect(second.headers.get('x-nextjs-cache')).toBe('HIT');
    expect(second.headers.get('content-length')).toBe(String('<html>page 1</html>'.length));
    expect(rendered).toBe(1);
    // Another URL, a navigation request and a HEAD.
    await fetch(`${base}/en`);
    await fetch(`${base}/es`, { headers: { rsc: '1' } });
    expect(rendered).toBe(3);
    const head = await fetch(`${base}/es`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(rendered).toBe(3);
    clock += 1000;
    expect(await (await fetch(`${base}/es`)).text()).toBe('<html>page 4</html>');
  });

  it('answers a client that takes Brotli with the Brotli copy when there is one', async () => {
    const plain = Buffer.from('<html>page</html>');
    const brotli = Buffer.from('BROTLI-BYTES');
    const cache = createPageCache({
      encoded: (req, body) => (/br/.test(String(req.headers['accept-encoding'])) && body.equals(plain) ? brotli : null),
    });
    const base = await serveWith((req, res) => {
      if (cache.serve(req, res)) return;
      const headers = { ...page, vary: 'rsc' };
      cache.store(req, 200, headers, plain);
      res.writeHead(200, headers);
      res.end(plain);
    });
    await fetch(`${base}/es`);
    const raw = (headers: Record<string, string>) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        void import('node:http').then(({ get }) =>
          get(`${base}/es`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          }).on('error', reject),
        );
      });
    const br = await raw({ 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('rsc, Accept-Encoding');
    expect(br.headers['content-length']).toBe(String(brotli.length));
    expect(br.body.equals(brotli)).toBe(true);
    const other = await raw({ 'accept-encoding': 'gzip' });
    expect(other.headers['content-encoding']).toBeUndefined();
    expect(other.body.equals(plain)).toBe(true);
  });

  it('never keeps private answers, errors or the language-picking root', () => {
    const cache = createPageCache();
    cache.store(request('/a'), 200, { ...page, 'cache-control': 'private, no-store' }, Buffer.from('x'));
    cache.store(request('/b'), 500, page, Buffer.from('x'));
    cache.store(request('/'), 200, { ...page, vary: 'rsc, Cookie, Accept-Language' }, Buffer.from('x'));
    cache.store(request('/c', {}, 'HEAD'), 200, page, Buffer.alloc(0));
    expect(cache.size).toBe(0);
  });

  it('forgets the oldest pages past its size', () => {
    const cache = createPageCache({ maxEntries: 2 });
    for (const url of ['/a', '/b', '/c']) cache.store(request(url), 200, page, Buffer.from(url));
    expect(cache.size).toBe(2);
    const res = { writeHead: () => {}, end: () => {} } as unknown as ServerResponse;
    expect(cache.serve(request('/a'), res)).toBe(false);
    expect(cache.serve(request('/c'), res)).toBe(true);
  });

  it('lets go of expired pages as new ones come, instead of holding them until it is full', () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 1000, now: () => clock });
    for (const url of ['/a', '/b', '/c']) cache.store(request(url), 200, page, Buffer.alloc(10_000));
    clock = 1500;
    cache.store(request('/d'), 200, page, Buffer.alloc(10_000));
    expect(cache.size).toBe(1);
    clock = 2000;
    cache.store(request('/e'), 200, page, Buffer.alloc(10_000));
    expect(cache.size).toBe(2);
  });
});

describe('a content edit', () => {
  it('empties the cache through the symbol src/collections/revalidate.ts calls', () => {
    const cache = createPageCache();
    cache.store(request('/a'), 200, page, Buffer.from('a'));
    (globalThis as Record<symbol, unknown>)[CLEAR_PAGE_CACHE] = () => cache.clear();
    expect(CLEAR_PAGE_CACHE).toBe(Symbol.for('golondrinas.page-cache.clear'));
    (globalThis as Record<symbol, (() => void) | undefined>)[CLEAR_PAGE_CACHE]?.();
    expect(cache.size).toBe(0);
    delete (globalThis as Record<symbol, unknown>)[CLEAR_PAGE_CACHE];
  });
});
