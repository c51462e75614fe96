import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createPrecompressedStatic,
  preferredEncoding,
  sendPrecompressed,
  staticFileFor,
} from './precompressed-static.mjs';

describe('preferredEncoding', () => {
  it('prefers Brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('gzip;q=0')).toBeNull();
  });
});

describe('staticFileFor', () => {
  it('maps build asset URLs to files and nothing else', () => {
    expect(staticFileFor('/b/static', '/_next/static/chunks/a1.js')).toBe('/b/static/chunks/a1.js');
    expect(staticFileFor('/b/static', '/_next/static/chunks/a.css')).toBe('/b/static/chunks/a.css');
    expect(staticFileFor('/b/static', '/_next/static/chunks/../../secret.js')).toBeNull();
    expect(staticFileFor('/b/static', '/_next/static/chunks/%2e%2e/x.js')).toBeNull();
    expect(staticFileFor('/b/static', '/_next/static/chunks/a.js?v=1')).toBeNull();
    expect(staticFileFor('/b/static', '/_next/static/media/font.woff2')).toBeNull();
    expect(staticFileFor('/b/static', '/api/media/file/a.svg')).toBeNull();
    expect(staticFileFor('/b/static', '/_next/static/chunks/%E0%A4%A.js')).toBeNull();
  });
});

describe('serving the build with precompressed bytes', () => {
  let dir: string;
  let base: string;
  let server: ReturnType<typeof createServer>;
  // Text that compresses, like a script: the same few statements over and over.
  const script = Array.from({ length: 400 }, (_, i) => `export const value${i % 7} = compute(${i % 13});\n`).join('');
  let assets: ReturnType<typeof createPrecompressedStatic>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'precompressed-'));
    mkdirSync(path.join(dir, 'chunks'));
    writeFileSync(path.join(dir, 'chunks', 'app.js'), script);
    assets = createPrecompressedStatic(dir);
    // Next's static handler, as far as it matters here: its headers, a 304, a range, a piped file.
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      void assets.entryFor(req.url).then((entry) => {
        sendPrecompressed(req, res, entry);
        serveLikeNext(req, res);
      });
    });
    function serveLikeNext(req: IncomingMessage, res: ServerResponse) {
      const file = staticFileFor(dir, req.url);
      if (!file || !existsSync(file)) {
        res.statusCode = 404;
        res.end('not found');
        return;
      }
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Content-Type', 'application/javascript; charset=UTF-8');
      res.setHeader('Content-Security-Policy', "default-src 'none'");
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304);
        res.end();
        return;
      }
      res.setHeader('ETag', '"v1"');
      res.setHeader('Last-Modified', 'Wed, 25 Nov 2026 09:00:00 GMT');
      res.setHeader('Content-Length', String(script.length));
      if (req.headers.range) {
        res.writeHead(206, { 'Content-Range': `bytes 0-9/${script.length}`, 'Content-Length': '10' });
        res.end(script.slice(0, 10));
        return;
      }
      createReadStream(file).pipe(res);
    }
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
    return new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
      const req = request(`${base}${url}`, { headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  }

  it("sends Brotli from the very first request, keeping the handler's headers", async () => {
    // Nothing warmed yet: a proxy caching this first answer must get the compressed one.
    const res = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    // Immutable: nothing will ever revalidate it, so no validators.
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
  });

  it('sends gzip to a client without Brotli, and the file itself to one that takes neither', async () => {
    const gz = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get('/_next/static/chunks/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('leaves ranges, HEAD, not-modified and unknown files to the handler', async () => {
    await assets.warm();
    expect(assets.size).toBe(1);
    const range = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.body.toString()).toBe(script.slice(0, 10));
    const head = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    const notModified = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br', 'if-none-match': '"v1"' });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    const missing = await get('/_next/static/chunks/nope.js', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toBe('not found');
  });
});
