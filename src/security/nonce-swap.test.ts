import { EventEmitter } from 'node:events';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

import { describe, expect, it } from 'vitest';

import {
  createSwapper,
  freshNonce,
  installNonceSwap,
  mayServeWithoutSwap,
  NONCE_LENGTH,
  PRIVATE_CACHE,
  renderToken,
} from './nonce-swap.mjs';

const TOKEN = renderToken('test-secret');

describe('render token and nonces', () => {
  it('derives a stable, secret-dependent token with the length of a nonce', () => {
    expect(TOKEN).toHaveLength(NONCE_LENGTH);
    expect(renderToken('test-secret')).toBe(TOKEN);
    expect(renderToken('other-secret')).not.toBe(TOKEN);
    expect(TOKEN).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('makes a different nonce every time, same length as the token', () => {
    const a = freshNonce();
    expect(a).toHaveLength(NONCE_LENGTH);
    expect(freshNonce()).not.toBe(a);
  });
});

describe('createSwapper', () => {
  it('replaces the token even when a write splits it', () => {
    const nonce = freshNonce();
    const html = `<script nonce="${TOKEN}">a</script><script nonce="${TOKEN}" src="/x.js"></script>`;
    for (let cut = 1; cut < html.length; cut += 7) {
      const swapper = createSwapper(TOKEN, nonce);
      const out = Buffer.concat([
        swapper.push(Buffer.from(html.slice(0, cut))),
        swapper.push(Buffer.from(html.slice(cut))),
        swapper.flush(),
      ]).toString();
      expect(out).toBe(html.replaceAll(TOKEN, nonce));
    }
  });

  it('keeps the byte length, so Content-Length stays right', () => {
    const html = Buffer.from(`é<script nonce="${TOKEN}"></script>`);
    const swapper = createSwapper(TOKEN, freshNonce());
    const out = Buffer.concat([swapper.push(html), swapper.flush()]);
    expect(out.length).toBe(html.length);
  });
});

/** A stand-in for http.ServerResponse with the parts installNonceSwap touches. */
function fakeResponse() {
  const headers = new Map<string, string | string[]>();
  const chunks: Buffer[] = [];
  const res = Object.assign(new EventEmitter(), {
    headersSent: false,
    setHeader: (name: string, value: string | string[]) => headers.set(name.toLowerCase(), value),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    getHeaderNames: () => [...headers.keys()],
    // Node's signature: (statusCode, [statusMessage], [headers]).
    writeHead(this: { headersSent: boolean }, ..._args: unknown[]) {
      this.headersSent = true;
      return this;
    },
    // Like Node: the first write or end sends the head through whatever writeHead is installed.
    write(chunk: Buffer | string, cb?: () => void) {
      if (!res.headersSent) res.writeHead();
      chunks.push(Buffer.from(chunk));
      cb?.();
      return true;
    },
    end(chunk?: Buffer | string | (() => void)) {
      if (!res.headersSent) res.writeHead();
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
      return this;
    },
  });
  return { res, headers, body: () => Buffer.concat(chunks).toString() };
}

describe('installNonceSwap', () => {
  it('puts the same fresh nonce in the CSP header and the body, and no token anywhere', () => {
    const { res, headers, body } = fakeResponse();
    res.setHeader('Content-Security-Policy', `script-src 'nonce-${TOKEN}' 'strict-dynamic'`);
    const nonce = installNonceSwap(res, TOKEN);
    res.write(`<html><script nonce="${TOKEN.slice(0, 5)}`);
    res.write(`${TOKEN.slice(5)}">x</script>`);
    res.end('</html>');
    expect(headers.get('content-security-policy')).toBe(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
    expect(body()).toBe(`<html><script nonce="${nonce}">x</script></html>`);
    expect(body()).not.toContain(TOKEN);
  });

  it('keeps pages with a nonce out of shared caches (no s-maxage)', () => {
    const { res, headers } = fakeResponse();
    res.setHeader('Content-Security-Policy', `script-src 'nonce-${TOKEN}'`);
    res.setHeader('Cache-Control', 's-maxage=31536000, stale-while-revalidate');
    installNonceSwap(res, TOKEN);
    res.end('<html></html>');
    expect(headers.get('cache-control')).toBe(PRIVATE_CACHE);

    // Responses without a nonce (API, assets) keep their caching.
    const other = fakeResponse();
    other.res.setHeader('Content-Security-Policy', "default-src 'none'");
    other.res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    installNonceSwap(other.res, TOKEN);
    other.res.end('{}');
    expect(other.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('gives two responses of the same cached page different nonces', () => {
    const nonces = [0, 1].map(() => {
      const { res, body } = fakeResponse();
      installNonceSwap(res, TOKEN);
      res.end(`<script nonce="${TOKEN}"></script>`);
      return body();
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

// Issue 25: an anonymous HEAD /admin/login answered `Link: <…>; rel=preload; nonce="<token>"`.
describe('the render token in headers other than the CSP', () => {
  const link = (nonce: string) => `</_next/static/chunks/app.js>; rel=preload; as="script"; nonce="${nonce}"`;

  it('is swapped in a Link header set on the response, and in headers passed to writeHead', () => {
    const { res, headers } = fakeResponse();
    res.setHeader('Content-Security-Policy', `script-src 'nonce-${TOKEN}'`);
    res.setHeader('Link', [link(TOKEN), '</a.css>; rel=preload; as="style"']);
    const nonce = installNonceSwap(res, TOKEN);
    const passed: Record<string, string> = { 'X-Preload': link(TOKEN) };
    res.writeHead(200, passed);
    res.end();
    expect(headers.get('link')).toEqual([link(nonce), '</a.css>; rel=preload; as="style"']);
    expect(passed['X-Preload']).toBe(link(nonce));
    expect(headers.get('cache-control')).toBe(PRIVATE_CACHE);

    const raw = fakeResponse();
    const rawNonce = installNonceSwap(raw.res, TOKEN);
    const list = ['Link', link(TOKEN), 'Content-Type', 'text/html'];
    raw.res.writeHead(200, list);
    expect(list).toEqual(['Link', link(rawNonce), 'Content-Type', 'text/html']);
  });

  it('never reaches a client through a real HTTP server, on GET or HEAD', async () => {
    const server = createServer((req, res) => {
      installNonceSwap(res, TOKEN);
      res.setHeader('Content-Security-Policy', `script-src 'nonce-${TOKEN}' 'strict-dynamic'`);
      res.setHeader('Link', link(TOKEN));
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(`<script nonce="${TOKEN}"></script>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const method of ['GET', 'HEAD']) {
        const answer = await new Promise<{ headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path: '/admin/login', method }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ headers: res.headers, body }));
          });
          req.on('error', reject);
          req.end();
        });
        expect(JSON.stringify(answer.headers), method).not.toContain(TOKEN);
        expect(answer.body, method).not.toContain(TOKEN);
        const nonce = /'nonce-([\w-]{22})'/.exec(String(answer.headers['content-security-policy']))?.[1];
        expect(nonce, method).toBeDefined();
        expect(answer.headers.link, method).toBe(link(nonce!));
      }
    } finally {
      server.close();
    }
  });
});

describe('mayServeWithoutSwap', () => {
  it('skips the swap only for build assets named in normal form', () => {
    expect(mayServeWithoutSwap('/_next/static/chunks/app.js')).toBe(true);
    expect(mayServeWithoutSwap('/_next/static/css/app.css?v=1')).toBe(true);
  });

  it.each([
    '/_next/static/../../',
    '/_next/static/..',
    '/_next/static/chunks/../../../es',
    '/_next/static/%2e%2e/%2e%2e/',
    '/_next/static/.%2E/',
    '/_next/static/..%2f..%2f',
    '/_next/static/..\\..\\',
    '/_next/static//../../',
    '/_next/static/./../../contacto',
    '/',
    '/es/contacto',
  ])('swaps %s, which may resolve to a page', (url) => {
    expect(mayServeWithoutSwap(url)).toBe(false);
  });
});
