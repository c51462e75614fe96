import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bodyLimitFor, enforceBodyLimit, localeFromAcceptLanguage } from './body-limit.mjs';

// A stand-in for Next: reads the whole body, then answers with how much it read.
let server: Server;
let port: number;
const readByHandler: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (enforceBodyLimit(req, res, new URL(req.url ?? '/', 'http://x').pathname)) return;
    let size = 0;
    req.on('data', (chunk: Buffer) => (size += chunk.length));
    req.on('end', () => {
      readByHandler.push(size);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ read: size }));
    });
    req.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(
  path: string,
  { bytes, chunked, language = 'es' }: { bytes: number; chunked: boolean; language?: string },
): Promise<{ status: number; body: { error?: string; message?: string; read?: number } }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': language,
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(bytes) }),
      },
    });
    req.on('response', (res: IncomingMessage) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as never }));
    });
    // The server may hang up while we are still sending: the answer is what counts.
    req.on('error', (error) =>
      error.message.includes('EPIPE') || error.message.includes('ECONNRESET') ? null : reject(error),
    );
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('request body limits', () => {
  it('has a small limit for the shop and payments, a large one only for uploads', () => {
    expect(bodyLimitFor('/api/shop/holds')).toBe(16 * 1024);
    expect(bodyLimitFor('/api/payments/notify')).toBe(16 * 1024);
    expect(bodyLimitFor('/api/media')).toBe(20 * 1024 * 1024);
    expect(bodyLimitFor('/es/contacto')).toBe(100 * 1024);
  });

  it('refuses a declared oversized body with 413 before reading any of it', async () => {
    const before = readByHandler.length;
    const { status, body } = await send('/api/shop/holds', { bytes: 20 * 1024 * 1024, chunked: false });
    expect(status).toBe(413);
    expect(body.error).toBe('bodyTooLarge');
    expect(body.message).toMatch(/demasiado grande/);
    expect(readByHandler.length).toBe(before);
  });

  it('cuts a chunked body off at the limit with 413: the handler never gets more', async () => {
    const { status, body } = await send('/api/shop/holds', { bytes: 4 * 1024 * 1024, chunked: true, language: 'fr' });
    expect(status).toBe(413);
    expect(body.message).toMatch(/trop volumineuse/);
    expect(Math.max(0, ...readByHandler)).toBeLessThanOrEqual(16 * 1024);
  });

  it('lets bodies within the limit through untouched', async () => {
    const { status, body } = await send('/api/shop/holds', { bytes: 2000, chunked: true });
    expect(status).toBe(200);
    expect(body.read).toBe(2000);
    expect((await send('/api/shop/holds', { bytes: 16 * 1024, chunked: false })).body.read).toBe(16 * 1024);
  });

  it('answers in the visitor language, Catalan by default', () => {
    expect(localeFromAcceptLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('de-DE, fr;q=0.5')).toBe('fr');
    expect(localeFromAcceptLanguage(undefined)).toBe('ca');
  });
});
