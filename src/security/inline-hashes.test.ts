import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { INLINE_SCRIPT_HASHES as MARKER_IN_PROXY } from './headers';
import {
  INLINE_SCRIPT_HASHES,
  inlineScriptHashes,
  installInlineHashes,
  PUBLIC_PAGE_CACHE,
  withHashes,
} from './inline-hashes.mjs';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each inline script, once, and skips external scripts and data', () => {
    const push = 'self.__next_f.push([1,"a\\u003c/script>"])';
    const html = [
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      `<script>${push}</script>`,
      `<script nonce="x">${push}</script>`,
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<SCRIPT type="module">import "/m.js"</SCRIPT>',
      '<script>\n  é = 1;\n</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha(push), sha('import "/m.js"'), sha('\n  é = 1;\n')]);
  });

  it('replaces the marker the proxy wrote, and removes it when there is nothing to allow', () => {
    expect(MARKER_IN_PROXY).toBe(INLINE_SCRIPT_HASHES);
    const policy = `default-src 'self'; script-src 'self' ${INLINE_SCRIPT_HASHES} https://g.example; object-src 'none'`;
    expect(withHashes(policy, ["'sha256-a'", "'sha256-b'"])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b' https://g.example; object-src 'none'",
    );
    expect(withHashes(policy, [])).toBe("default-src 'self'; script-src 'self' https://g.example; object-src 'none'");
  });
});

function fakeResponse(headers: Record<string, string>) {
  const set = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const out: { status?: number; body: Buffer[]; events: string[] } = { body: [], events: [] };
  const res = {
    statusCode: 200,
    getHeader: (name: string) => set.get(name.toLowerCase()),
    getHeaders: () => Object.fromEntries(set),
    setHeader: (name: string, value: string) => set.set(name.toLowerCase(), value),
    removeHeader: (name: string) => set.delete(name.toLowerCase()),
    writeHead(status: number) {
      out.status = status;
      out.events.push(`head:${set.get('content-security-policy') ?? ''}`);
      return res;
    },
    flushHeaders: () => out.events.push('flush'),
    write(chunk: Buffer) {
      out.body.push(Buffer.from(chunk));
      out.events.push('write');
      return true;
    },
    end(chunk?: Buffer | (() => void)) {
      if (chunk && typeof chunk !== 'function') out.body.push(Buffer.from(chunk));
      out.events.push('end');
    },
  };
  return { res, set, out };
}

/** Resolves once the response has really ended (a Brotli page is sent after its compression). */
function whenEnded(res: { end: (chunk?: Buffer | (() => void)) => void }): Promise<void> {
  return new Promise((resolve) => {
    const end = res.end;
    res.end = (chunk) => {
      end(chunk);
      resolve();
    };
  });
}

const POLICY = `script-src 'self' ${INLINE_SCRIPT_HASHES}; object-src 'none'`;

describe('installInlineHashes', () => {
  it('holds a marked HTML page, then sends it whole with its hashes and a shared-cache header', () => {
    const { res, set, out } = fakeResponse({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': POLICY,
      'cache-control': 's-maxage=300, stale-while-revalidate=31535700',
      'x-nextjs-prerender': '1',
      'x-nextjs-stale-time': '300',
    });
    installInlineHashes({ method: 'GET' }, res);
    res.flushHeaders();
    res.write(Buffer.from('<html><script>one()</scr'));
    res.write(Buffer.from('ipt><script src="/a.js"></script>'));
    expect(out.events).toEqual([]);
    res.end(Buffer.from('<script>two()</script></html>'));
    expect(out.events).toEqual([`head:script-src 'self' ${sha('one()')} ${sha('two()')}; object-src 'none'`, 'end']);
    expect(Buffer.concat(out.body).toString()).toContain('<script>two()</script>');
    expect(set.get('cache-control')).toBe(PUBLIC_PAGE_CACHE);
    // Notes for Next's router, not for a browser reading a document.
    expect(set.has('x-nextjs-prerender')).toBe(false);
    expect(set.has('x-nextjs-stale-time')).toBe(false);
  });

  it('sends a rewritten page with the hashes and length of what it sends, and keeps that', () => {
    const { res, set, out } = fakeResponse({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': POLICY,
      'cache-control': 's-maxage=300',
      'content-length': '40',
    });
    const kept: Buffer[] = [];
    installInlineHashes({ method: 'GET' }, res, {
      rewrite: (html: string) => html.replace('</body>', '<script>é()</script></body>'),
      onPublicPage: (_status: number, _headers: unknown, body: Buffer) => kept.push(body),
    });
    res.end(Buffer.from('<html><body><script>one()</script></body></html>'));
    const sent = Buffer.concat(out.body);
    expect(sent.toString()).toBe('<html><body><script>one()</script><script>é()</script></body></html>');
    expect(out.events[0]).toBe(`head:script-src 'self' ${sha('one()')} ${sha('é()')}; object-src 'none'`);
    expect(set.get('content-length')).toBe(sent.length);
    expect(kept).toEqual([sent]);
  });

  it('sends the Brotli copy it is given in place of the page, keeping the plain page for the cache', async () => {
    const { res, set, out } = fakeResponse({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': POLICY,
      'cache-control': 's-maxage=300',
      vary: 'rsc',
    });
    const kept: Buffer[] = [];
    const sent = whenEnded(res);
    installInlineHashes({ method: 'GET' }, res, {
      compressed: async (body: Buffer) => Buffer.from(`BR(${body.length})`),
      onPublicPage: (_status: number, _headers: unknown, body: Buffer) => kept.push(body),
    });
    res.end(Buffer.from('<html><script>one()</script></html>'));
    await sent;
    expect(Buffer.concat(out.body).toString()).toBe('BR(35)');
    expect(set.get('content-encoding')).toBe('br');
    expect(set.get('content-length')).toBe(6);
    expect(set.get('vary')).toBe('rsc, Accept-Encoding');
    expect(out.events[0]).toBe(`head:script-src 'self' ${sha('one()')}; object-src 'none'`);
    expect(kept.map(String)).toEqual(['<html><script>one()</script></html>']);
  });

  it('sends the plain page when compressing it fails', async () => {
    const { res, set, out } = fakeResponse({ 'content-type': 'text/html', 'content-security-policy': POLICY });
    const sent = whenEnded(res);
    installInlineHashes({ method: 'GET' }, res, { compressed: () => Promise.reject(new Error('zlib')) });
    res.end(Buffer.from('<html>plain</html>'));
    await sent;
    expect(Buffer.concat(out.body).toString()).toBe('<html>plain</html>');
    expect(set.get('content-encoding')).toBeUndefined();
  });

  it('keeps a page the origin marked private or no-store out of shared caches', () => {
    const { res, set } = fakeResponse({
      'content-type': 'text/html',
      'content-security-policy': POLICY,
      'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
    });
    installInlineHashes({ method: 'GET' }, res);
    res.end(Buffer.from('<script>x()</script>'));
    expect(set.get('cache-control')).toMatch(/no-store/);
  });

  it('passes through responses the proxy did not mark, and strips the marker from non-documents', () => {
    const page = fakeResponse({ 'content-type': 'text/html', 'content-security-policy': "script-src 'nonce-abc'" });
    installInlineHashes({ method: 'GET' }, page.res);
    page.res.write(Buffer.from('<script nonce="abc">a()</script>'));
    expect(page.out.events).toEqual(["head:script-src 'nonce-abc'", 'write']);

    const rsc = fakeResponse({ 'content-type': 'text/x-component', 'content-security-policy': POLICY });
    installInlineHashes({ method: 'GET' }, rsc.res);
    rsc.res.write(Buffer.from('0:{}'));
    expect(rsc.out.events[0]).toBe("head:script-src 'self'; object-src 'none'");
  });
});
