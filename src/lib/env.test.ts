import { describe, expect, it } from 'vitest';

import { parseEnv } from './env';

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
    };
    expect(parseEnv(production).APP_ENV).toBe('production');
  });

  it('treats empty values, as copied from .env.example, as unset', () => {
    expect(parseEnv({ MEDIA_BASE_URL: '', PAYLOAD_SECRET: '', SITE_URL: '' }).MEDIA_BASE_URL).toBe(
      'http://localhost:3000/media',
    );
  });

  it('rejects a database URL it cannot use', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://db/site' })).toThrow(/DATABASE_URL/);
  });
});
