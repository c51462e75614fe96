import { describe, expect, it } from 'vitest';

import {
  createMediaVersions,
  IMMUTABLE_CACHE,
  installMediaCaching,
  installRootVary,
  mediaCacheControl,
  mediaFileRequest,
  mediaVersion,
  ROOT_VARY,
  SHORT_PUBLIC_CACHE,
  varyWithEncoding,
  withVary,
} from './cache-policy.mjs';

describe('mediaCacheControl', () => {
  it('keeps a versioned media file for a year, an unversioned one briefly', () => {
    expect(mediaCacheControl('/api/media/file/hero.svg?v=abc-12', 200, 'image/svg+xml', 'abc-12')).toBe(
      IMMUTABLE_CACHE,
    );
    expect(mediaCacheControl('/api/media/file/hero.webp?v=abc', 206, 'image/webp', 'abc')).toBe(IMMUTABLE_CACHE);
    expect(mediaCacheControl('/api/media/file/hero.svg', 200, 'image/svg+xml')).toBe(SHORT_PUBLIC_CACHE);
    expect(mediaCacheControl('/api/media/file/hero.svg?v=', 200, 'image/svg+xml')).toBe(SHORT_PUBLIC_CACHE);
  });

  it('is immutable only for the version the file has now: an old or made-up ?v= is kept briefly', () => {
    expect(mediaCacheControl('/api/media/file/hero.svg?v=old', 200, 'image/svg+xml', 'new')).toBe(SHORT_PUBLIC_CACHE);
    expect(mediaCacheControl('/api/media/file/hero.svg?v=anything', 200, 'image/svg+xml')).toBe(SHORT_PUBLIC_CACHE);
    expect(mediaCacheControl('/api/media/file/hero.svg?v=anything', 200, 'image/svg+xml', null)).toBe(
      SHORT_PUBLIC_CACHE,
    );
  });

  it('never makes errors, non-images or other API paths cacheable', () => {
    expect(mediaCacheControl('/api/media/file/gone.svg?v=abc', 500, 'application/json')).toBeNull();
    expect(mediaCacheControl('/api/media/file/gone.svg?v=abc', 404, 'image/svg+xml')).toBeNull();
    expect(mediaCacheControl('/api/media/file/x.svg?v=abc', 416, 'image/svg+xml')).toBeNull();
    expect(mediaCacheControl('/api/media/file/x?v=abc', 200, 'application/json')).toBeNull();
    expect(mediaCacheControl('/api/media?v=abc', 200, 'image/png')).toBeNull();
    expect(mediaCacheControl('/api/users/me?v=abc', 200, 'image/png')).toBeNull();
    expect(mediaCacheControl('/api/media/file/a/b.png?v=abc', 200, 'image/png')).toBeNull();
  });
});

describe('installMediaCaching', () => {
  function fakeResponse(initial: Record<string, string>) {
    const headers = new Map(Object.entries(initial).map(([k, v]) => [k.toLowerCase(), v]));
    const sent: { status?: number; args?: unknown[] } = {};
    const res = {
      getHeader: (name: string) => headers.get(name.toLowerCase()),
      setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
      writeHead: (status: number, ...args: unknown[]) => {
        sent.status = status;
        sent.args = args;
      },
    };
    return { res, headers, sent };
  }

  it("replaces the API's no-store on a versioned image, whether set before or passed to writeHead", () => {
    const a = fakeResponse({ 'Cache-Control': 'private, no-store', 'Content-Type': 'image/svg+xml' });
    installMediaCaching({ url: '/api/media/file/a.svg?v=1' }, a.res, '1');
    a.res.writeHead(200);
    expect(a.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);

    const b = fakeResponse({});
    installMediaCaching({ url: '/api/media/file/a.png?v=1' }, b.res, '1');
    const passed = { 'Content-Type': 'image/png', 'Cache-Control': 'private, no-store' };
    b.res.writeHead(200, passed);
    expect(passed).not.toHaveProperty('Cache-Control');
    expect(b.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
  });

  it('leaves a failed media response as the API sent it', () => {
    const c = fakeResponse({ 'Cache-Control': 'private, no-store', 'Content-Type': 'application/json' });
    installMediaCaching({ url: '/api/media/file/gone.svg?v=1' }, c.res);
    c.res.writeHead(500);
    expect(c.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('installRootVary', () => {
  function fakeResponse(initial: Record<string, string>) {
    const headers = new Map(Object.entries(initial).map(([k, v]) => [k.toLowerCase(), v]));
    const res = {
      getHeader: (name: string) => headers.get(name.toLowerCase()),
      setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
      writeHead: (..._args: unknown[]) => {},
    };
    return { res, headers };
  }

  it('adds Cookie and Accept-Language to the Vary of the root, set before or passed to writeHead', () => {
    const a = fakeResponse({ Vary: 'rsc, next-router-state-tree' });
    installRootVary({ url: '/?utm=x' }, a.res);
    a.res.writeHead(200);
    expect(a.headers.get('vary')).toBe('rsc, next-router-state-tree, Cookie, Accept-Language');
    const b = fakeResponse({});
    installRootVary({ url: '/' }, b.res);
    const passed: Record<string, string> = { Vary: 'Accept-Language, rsc' };
    b.res.writeHead(200, passed);
    expect(b.headers.get('vary')).toBe('Accept-Language, rsc, Cookie');
    expect(passed).toEqual({});
  });

  it('leaves every other path alone', () => {
    const c = fakeResponse({ Vary: 'rsc' });
    installRootVary({ url: '/es' }, c.res);
    c.res.writeHead(200);
    expect(c.headers.get('vary')).toBe('rsc');
    expect(withVary('rsc, cookie', ROOT_VARY)).toBe('rsc, cookie, Accept-Language');
  });
});

describe('media versions', () => {
  it('names the version the site links, and parses media file URLs', () => {
    expect(mediaVersion({ updatedAt: '2026-01-01T00:00:00.000Z', filesize: 1234 })).toBe(
      `${Date.parse('2026-01-01T00:00:00.000Z').toString(36)}-ya`,
    );
    expect(mediaFileRequest('/api/media/file/a%20b.svg?v=x')).toEqual({ name: 'a b.svg', version: 'x' });
    expect(mediaFileRequest('/api/media/file/a.svg')).toEqual({ name: 'a.svg', version: null });
    expect(mediaFileRequest('/api/media?v=1')).toBeNull();
  });

  it('looks a file up once a minute and forgets on an edit', async () => {
    let clock = 0;
    const docs: Record<string, { updatedAt: string; filesize: number }> = {
      'a.svg': { updatedAt: '2026-01-01T00:00:00.000Z', filesize: 10 },
    };
    let lookups = 0;
    const versions = createMediaVersions(
      async (name: string) => {
        lookups++;
        return docs[name] ?? null;
      },
      { now: () => clock },
    );
    const first = await versions.current('a.svg');
    expect(first).toBe(mediaVersion(docs['a.svg']!));
    expect(await versions.current('missing.svg')).toBeNull();
    await versions.current('a.svg');
    expect(lookups).toBe(2);
    docs['a.svg'] = { updatedAt: '2026-02-01T00:00:00.000Z', filesize: 11 };
    versions.clear();
    expect(await versions.current('a.svg')).not.toBe(first);
    clock += 60_000;
    await versions.current('a.svg');
    expect(lookups).toBe(4);
  });
});

describe('varyWithEncoding', () => {
  it('adds Accept-Encoding once, keeping what is there', () => {
    expect(varyWithEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyWithEncoding('rsc, next-router-state-tree')).toBe('rsc, next-router-state-tree, Accept-Encoding');
    expect(varyWithEncoding('RSC, accept-encoding')).toBe('RSC, accept-encoding');
    expect(varyWithEncoding('*')).toBe('*');
  });
});
