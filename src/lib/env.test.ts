import { describe, expect, it } from 'vitest';

import { parseEnv, siteUrlProblems } from './env';

describe('parseEnv', () => {
  it('runs locally with no configuration at all', () => {
    const env = parseEnv({});
    expect(env.databaseKind).toBe('sqlite');
    expect(env.SITE_URL).toBe('http://localhost:3000');
    expect(env.MEDIA_BASE_URL).toBe('http://localhost:3000/media');
  });

  it('chooses PostgreSQL from the URL and trims trailing slashes from base URLs', () => {
    const env = parseEnv({
      DATABASE_URL: 'postgres://u@db:5432/site',
      SITE_URL: 'https://example.com/',
      MEDIA_BASE_URL: 'https://cdn.example.com/media/',
    });
    expect(env.databaseKind).toBe('postgres');
    expect(env.SITE_URL).toBe('https://example.com');
    expect(env.MEDIA_BASE_URL).toBe('https://cdn.example.com/media');
  });

  it('refuses to run in production without a real secret and site URL, naming what is missing', () => {
    expect(() => parseEnv({ APP_ENV: 'production' })).toThrow(/PAYLOAD_SECRET: is required in production/);
    expect(() => parseEnv({ APP_ENV: 'production', PAYLOAD_SECRET: 'x'.repeat(40) })).toThrow(/SITE_URL/);
    expect(() => parseEnv({ APP_ENV: 'production', PAYLOAD_SECRET: 'x'.repeat(40) })).toThrow(/SMTP_URL/);
    const production = {
      APP_ENV: 'production',
      PAYLOAD_SECRET: 'x'.repeat(40),
      SITE_URL: 'https://example.com',
      SMTP_URL: 'smtps://user:pass@mail.example.com',
      MAIL_FROM: 'tickets@example.com',
      OPERATOR_EMAIL: 'office@example.com',
      INVOICE_ISSUER_NAME: 'Golondrinas SA',
      INVOICE_ISSUER_NIF: 'A08000001',
      INVOICE_ISSUER_ADDRESS: 'Moll de les Drassanes, 08039 Barcelona',
      VERIFACTU_ENDPOINT: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
      VERIFACTU_CERT_PATH: '/etc/golondrinas/aeat.p12',
      VERIFACTU_DECLARATION_PLACE: 'Barcelona',
      VERIFACTU_DECLARATION_DATE: '2026-12-01',
    };
    expect(parseEnv(production).APP_ENV).toBe('production');
    // Invoices must name the real operator and reach the real AEAT, with its certificate; the
    // declaración responsable must say where and when it was signed.
    for (const name of [
      'INVOICE_ISSUER_NIF',
      'VERIFACTU_ENDPOINT',
      'VERIFACTU_CERT_PATH',
      'VERIFACTU_DECLARATION_PLACE',
      'VERIFACTU_DECLARATION_DATE',
    ] as const) {
      const { [name]: _unset, ...without } = production;
      expect(() => parseEnv(without)).toThrow(new RegExp(name));
    }
  });

  it('takes the declaration’s date as a calendar date, and another producer’s address with its name', () => {
    expect(parseEnv({ VERIFACTU_DECLARATION_DATE: '2026-12-01' }).VERIFACTU_DECLARATION_DATE).toBe('2026-12-01');
    expect(() => parseEnv({ VERIFACTU_DECLARATION_DATE: '01-12-2026' })).toThrow(/VERIFACTU_DECLARATION_DATE/);
    expect(() => parseEnv({ VERIFACTU_DECLARATION_DATE: '2026-02-30' })).toThrow(/not a calendar date/);
    expect(() => parseEnv({ VERIFACTU_PRODUCER_NAME: 'Programari SL' })).toThrow(/VERIFACTU_PRODUCER_ADDRESS/);
    expect(
      parseEnv({
        VERIFACTU_PRODUCER_NAME: 'Programari SL',
        VERIFACTU_PRODUCER_ADDRESS: 'Carrer Nou 2, 08001 Barcelona',
      }).VERIFACTU_PRODUCER_ADDRESS,
    ).toBe('Carrer Nou 2, 08001 Barcelona');
  });

  it('treats empty values, as copied from .env.example, as unset', () => {
    expect(parseEnv({ MEDIA_BASE_URL: '', PAYLOAD_SECRET: '', SITE_URL: '' }).MEDIA_BASE_URL).toBe(
      'http://localhost:3000/media',
    );
  });

  it('rejects a database URL it cannot use', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://db/site' })).toThrow(/DATABASE_URL/);
  });

  it('without SITE_URL, names the port actually served', () => {
    const env = parseEnv({ PORT: '3100' });
    expect(env.SITE_URL).toBe('http://localhost:3100');
    expect(env.MEDIA_BASE_URL).toBe('http://localhost:3100/media');
  });

  it('reads TRUSTED_PROXIES as addresses and ranges, and names an entry that is neither', () => {
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(parseEnv({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8, fd00::/8' }).TRUSTED_PROXIES).toHaveLength(3);
    expect(() => parseEnv({ TRUSTED_PROXIES: '127.0.0.1, nginx' })).toThrow(/TRUSTED_PROXIES: "nginx" is not an IP/);
    expect(() => parseEnv({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
  });

  it('refuses the old TRUSTED_PROXY_HOPS, naming TRUSTED_PROXIES (decision 166)', () => {
    for (const hops of ['1', '2', 'yes']) {
      expect(() => parseEnv({ TRUSTED_PROXY_HOPS: hops })).toThrow(/TRUSTED_PROXY_HOPS: .*TRUSTED_PROXIES/);
    }
    // 0 (the old default, in copies of the old .env.example) trusted nobody, as no setting does now.
    expect(parseEnv({ TRUSTED_PROXY_HOPS: '0' }).TRUSTED_PROXIES).toEqual([]);
  });
});

describe('siteUrlProblems', () => {
  const production = {
    APP_ENV: 'production',
    PAYLOAD_SECRET: 'x'.repeat(40),
    SMTP_URL: 'smtp://mail.example.com',
    MAIL_FROM: 'no-reply@example.com',
    OPERATOR_EMAIL: 'office@example.com',
    INVOICE_ISSUER_NAME: 'Golondrinas SA',
    INVOICE_ISSUER_NIF: 'A08000001',
    INVOICE_ISSUER_ADDRESS: 'Moll de les Drassanes, 08039 Barcelona',
    VERIFACTU_ENDPOINT: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
    VERIFACTU_CERT_PATH: '/etc/golondrinas/aeat.p12',
    VERIFACTU_DECLARATION_PLACE: 'Barcelona',
    VERIFACTU_DECLARATION_DATE: '2026-12-01',
  };

  it('finds nothing wrong with a public https origin in production', () => {
    expect(siteUrlProblems(parseEnv({ ...production, SITE_URL: 'https://www.example.com' }))).toEqual([]);
  });

  it('reports a production SITE_URL that visitors or the gateway cannot use', () => {
    const local = siteUrlProblems(parseEnv({ ...production, SITE_URL: 'http://localhost:3000' }));
    expect(local.join('\n')).toMatch(/points at this machine/);
    expect(local.join('\n')).toMatch(/not https/);
    expect(siteUrlProblems(parseEnv({ ...production, SITE_URL: 'https://example.com/shop' }))).toHaveLength(1);
  });

  it('reports a local SITE_URL on another port than the one served', () => {
    expect(siteUrlProblems(parseEnv({ SITE_URL: 'http://localhost:3000', PORT: '3100' }))).toEqual([
      'SITE_URL (http://localhost:3000) names port 3000, but this instance serves on port 3100',
    ]);
    expect(siteUrlProblems(parseEnv({ PORT: '3100' }))).toEqual([]);
  });
});
