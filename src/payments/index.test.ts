import { describe, expect, it, vi } from 'vitest';

import { paymentProviderFromConfig, type RedsysConfig } from './index';

vi.mock('server-only', () => ({}));

const siteUrl = 'https://golondrinas.example';
const realKey = Buffer.alloc(24, 9).toString('base64');
const productionRedsys: RedsysConfig = {
  merchantCode: '123456789',
  terminal: '1',
  secretKey: realKey,
  environment: 'production',
};

describe('paymentProviderFromConfig', () => {
  it('gives the sandbox outside production', () => {
    for (const appEnv of ['local', 'test'] as const) {
      const provider = paymentProviderFromConfig({ provider: 'sandbox', appEnv, siteUrl });
      expect(provider.id).toBe('sandbox');
    }
  });

  it('refuses the sandbox in production', () => {
    expect(() => paymentProviderFromConfig({ provider: 'sandbox', appEnv: 'production', siteUrl })).toThrow(
      /sandbox payment gateway is not allowed in production/,
    );
  });

  it('gives Redsys with a complete configuration', () => {
    const provider = paymentProviderFromConfig({
      provider: 'redsys',
      appEnv: 'production',
      siteUrl,
      redsys: productionRedsys,
    });
    expect(provider.id).toBe('redsys');
    const form = provider.createRedirect({
      orderRef: '000000000001',
      amountCents: 1500,
      description: 'Test',
      locale: 'ca',
      urls: { ok: `${siteUrl}/ok`, ko: `${siteUrl}/ko`, notify: `${siteUrl}/notify` },
    });
    expect(form.action).toBe('https://sis.redsys.es/sis/realizarPago');
  });

  it("allows Redsys' test environment outside production", () => {
    const provider = paymentProviderFromConfig({
      provider: 'redsys',
      appEnv: 'test',
      siteUrl,
      redsys: {
        merchantCode: '999008881',
        terminal: '1',
        secretKey: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
        environment: 'test',
      },
    });
    expect(provider.id).toBe('redsys');
  });

  it('refuses Redsys without a complete configuration, naming what is missing', () => {
    expect(() => paymentProviderFromConfig({ provider: 'redsys', appEnv: 'local', siteUrl })).toThrow(
      /redsys\.merchantCode: is required[\s\S]*redsys\.secretKey: is required/,
    );
    const { secretKey: _missing, ...withoutKey } = productionRedsys;
    expect(() =>
      paymentProviderFromConfig({ provider: 'redsys', appEnv: 'production', siteUrl, redsys: withoutKey }),
    ).toThrow(/redsys\.secretKey: is required/);
  });

  it('never puts the key in its errors', () => {
    let message = '';
    try {
      paymentProviderFromConfig({
        provider: 'redsys',
        appEnv: 'production',
        siteUrl,
        redsys: { ...productionRedsys, secretKey: `${realKey}AAAA` },
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('redsys.secretKey');
    expect(message).not.toContain(realKey);
  });

  it("refuses, in production, Redsys' test environment and its public test credentials", () => {
    expect(() =>
      paymentProviderFromConfig({
        provider: 'redsys',
        appEnv: 'production',
        siteUrl,
        redsys: { ...productionRedsys, environment: 'test' },
      }),
    ).toThrow(/environment 'production'/);
    expect(() =>
      paymentProviderFromConfig({
        provider: 'redsys',
        appEnv: 'production',
        siteUrl,
        redsys: { ...productionRedsys, secretKey: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7' },
      }),
    ).toThrow(/public test merchant and key/);
    expect(() =>
      paymentProviderFromConfig({
        provider: 'redsys',
        appEnv: 'production',
        siteUrl,
        redsys: { ...productionRedsys, merchantCode: '999008881' },
      }),
    ).toThrow(/public test merchant and key/);
  });
});
