import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { isPublicAddress, postToWebhook, webhookDns, webhookUrlProblem } from './webhook-address';

const production = { production: true };
const local = { production: false };

describe('addresses a webhook may reach (decision 169)', () => {
  const refused = [
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '127.0.0.1',
    '127.8.9.10',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '::',
    '::1',
    '::127.0.0.1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '64:ff9b::10.0.0.1',
    '224.0.0.1',
    'not an address',
  ];
  for (const address of refused) {
    it(`refuses ${address} in production`, () => expect(isPublicAddress(address, production)).toBe(false));
  }
  for (const address of ['203.0.113.10', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2001:db8::1', '64:ff9b::8.8.8.8']) {
    it(`takes ${address}`, () => expect(isPublicAddress(address, production)).toBe(true));
  }
  it('lets a developer post to their own machine outside production, never to the metadata service', () => {
    expect(isPublicAddress('127.0.0.1', local)).toBe(true);
    expect(isPublicAddress('::1', local)).toBe(true);
    expect(isPublicAddress('169.254.169.254', local)).toBe(false);
    expect(isPublicAddress('10.0.0.1', local)).toBe(false);
  });
});

describe('a webhook URL when saved', () => {
  afterEach(() => vi.restoreAllMocks());

  it('must be https in production', async () => {
    vi.spyOn(webhookDns, 'resolve').mockResolvedValue([{ address: '203.0.113.10', family: 4 }]);
    expect(await webhookUrlProblem('http://hooks.reseller.test/octo', production)).toBe('not https');
    expect(await webhookUrlProblem('https://hooks.reseller.test/octo', production)).toBeNull();
    expect(await webhookUrlProblem('http://hooks.reseller.test/octo', local)).toBeNull();
    expect(await webhookUrlProblem('https://user:pw@hooks.reseller.test/octo', production)).not.toBeNull();
  });

  it('is refused when any address the name resolves to is not public', async () => {
    vi.spyOn(webhookDns, 'resolve').mockResolvedValue([
      { address: '203.0.113.10', family: 4 },
      { address: 'fd00::5', family: 6 },
    ]);
    expect(await webhookUrlProblem('https://hooks.reseller.test/octo', production)).toMatch(/fd00::5/);
  });

  it('is only shaped, not resolved, while staff type it', async () => {
    const resolve = vi.spyOn(webhookDns, 'resolve');
    expect(await webhookUrlProblem('https://hooks.reseller.test/octo', { ...production, resolve: false })).toBeNull();
    expect(await webhookUrlProblem('https://10.1.1.1/octo', { ...production, resolve: false })).not.toBeNull();
    expect(resolve).not.toHaveBeenCalled();
  });

  it('is refused for localhost in production (resolved, not by name)', async () => {
    vi.spyOn(webhookDns, 'resolve').mockResolvedValue([{ address: '127.0.0.1', family: 4 }]);
    expect(await webhookUrlProblem('https://localhost/octo', production)).not.toBeNull();
    expect(await webhookUrlProblem('https://[::1]/octo', production)).not.toBeNull();
  });
});

describe('a webhook when sent', () => {
  let server: Server;
  let port = 0;
  const received: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(`${request.headers.host} ${body}`);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => vi.restoreAllMocks());

  const post = (url: string, options = local) =>
    postToWebhook(url, {
      headers: { 'Content-Type': 'application/json' },
      body: '{"ok":1}',
      timeoutMs: 5000,
      ...options,
    });

  it('connects to the address its own lookup checked', async () => {
    const resolve = vi.spyOn(webhookDns, 'resolve').mockResolvedValue([{ address: '127.0.0.1', family: 4 }]);
    expect(await post(`http://hooks.reseller.test:${port}/octo`)).toBe(204);
    expect(resolve).toHaveBeenCalledWith('hooks.reseller.test');
    expect(received.at(-1)).toBe(`hooks.reseller.test:${port} {"ok":1}`);
  });

  it('refuses a name that resolves inside the network by now (saved while public)', async () => {
    vi.spyOn(webhookDns, 'resolve').mockResolvedValue([{ address: '169.254.169.254', family: 4 }]);
    const before = received.length;
    await expect(post(`http://hooks.reseller.test:${port}/octo`)).rejects.toThrow(/not public/);
    expect(received.length).toBe(before);
  });

  it('refuses a literal private address without any lookup, and loopback in production', async () => {
    const resolve = vi.spyOn(webhookDns, 'resolve');
    await expect(post('http://10.0.0.1:9/octo')).rejects.toThrow(/not a public address/);
    await expect(post(`https://127.0.0.1:${port}/octo`, production)).rejects.toThrow(/not a public address/);
    await expect(post(`http://127.0.0.1:${port}/octo`, production)).rejects.toThrow(/not https/);
    expect(resolve).not.toHaveBeenCalled();
  });
});
