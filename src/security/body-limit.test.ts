import { createHmac } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bodyLimitFor, enforceBodyLimit, localeFromAcceptLanguage } from './body-limit.mjs';
import { payloadJwtKey, staffRole } from './staff-session.mjs';

const KEY = payloadJwtKey('a-test-secret-of-at-least-thirty-two-characters');

/** A session token in Payload's format (src/security/staff-session.mjs; the integration test signs with Payload). */
function jwt(claims: Record<string, unknown>, key = KEY, header: Record<string, unknown> = {}) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = part({ alg: 'HS256', authVersion: 1, typ: 'JWT', ...header });
  const body = part({ collection: 'users', id: 1, sid: 's', exp: Math.floor(Date.now() / 1000) + 600, ...claims });
  return `${head}.${body}.${createHmac('sha256', key).update(`${head}.${body}`).digest('base64url')}`;
}

// A stand-in for Next: reads the whole body, then answers with how much it read.
let server: Server;
let port: number;
const readByHandler: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (enforceBodyLimit(req, res, new URL(req.url ?? '/', 'http://x').pathname, { jwtKey: KEY })) return;
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
  {
    bytes,
    chunked,
    language = 'es',
    headers = {},
  }: { bytes: number; chunked: boolean; language?: string; headers?: Record<string, string> },
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
        ...headers,
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

// Issue 25: anonymous 20 MB uploads to /api/media were read whole before Payload's 403.
describe('uploads without a staff session', () => {
  const upload = (headers: Record<string, string>, bytes = 20 * 1024 * 1024 - 1) =>
    send('/api/media', { bytes, chunked: false, language: 'ca', headers });

  it('are refused with 403 before a byte is read, whatever the token offered', async () => {
    const before = readByHandler.length;
    const expired = jwt({ role: 'office', exp: Math.floor(Date.now() / 1000) - 1 });
    const offered: Record<string, string>[] = [
      {},
      { authorization: `JWT ${jwt({ role: 'crew' })}` },
      { authorization: `JWT ${jwt({ role: 'office' }, payloadJwtKey('another-secret-of-thirty-two-characters'))}` },
      { authorization: `JWT ${expired}` },
      { authorization: `JWT ${jwt({ role: 'admin' }, KEY, { alg: 'none' })}` },
      { authorization: `JWT ${jwt({ role: 'admin', collection: 'resellers' })}` },
      { cookie: 'payload-token=garbage' },
    ];
    for (const headers of offered) {
      const { status, body } = await upload(headers);
      expect(status, JSON.stringify(headers)).toBe(403);
      expect(body.error).toBe('forbidden');
      expect(body.message).toBe('No tens permís per fer això.');
    }
    const chunked = await send('/api/past-images', { bytes: 64 * 1024, chunked: true, language: 'en' });
    expect(chunked).toEqual({
      status: 403,
      body: expect.objectContaining({ error: 'forbidden', message: 'You are not allowed to do this.' }),
    });
    expect(readByHandler.length).toBe(before);
  });

  it('reach the handler whole from office and admin staff, by header or by cookie', async () => {
    const office = await upload({ authorization: `JWT ${jwt({ role: 'office' })}` });
    expect(office).toEqual({ status: 200, body: { read: 20 * 1024 * 1024 - 1 } });
    const admin = await upload({ cookie: `theme=dark; payload-token=${jwt({ role: 'admin' })}` }, 1000);
    expect(admin).toEqual({ status: 200, body: { read: 1000 } });
  });

  it('leaves reading the media to everyone', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: '/api/media/file/x.png', method: 'GET' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);
  });

  it('reads the role from the token only when the signature is right', () => {
    expect(staffRole({ authorization: `Bearer ${jwt({ role: 'office' })}` }, KEY)).toBe('office');
    const [head, , signature] = jwt({ role: 'crew' }).split('.');
    const forged = Buffer.from(JSON.stringify({ collection: 'users', role: 'admin', exp: 9e9 })).toString('base64url');
    expect(staffRole({ authorization: `JWT ${head}.${forged}.${signature}` }, KEY)).toBeNull();
  });
});
