import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { ASK_CONSENT_SCRIPT } from '../components/consent/consent-cookie';
import {
  ASK_CONSENT_SCRIPT_HASH,
  contentSecurityPolicy,
  INLINE_SCRIPT_HASHES,
  isPublicCacheable,
  permissionsPolicy,
  staticSecurityHeaders,
  tileOrigin,
} from './headers';

const base = {
  nonce: 'AAAAAAAAAAAAAAAAAAAAAA',
  dev: false,
  formActionOrigins: ['https://sis.redsys.es'],
  gtagOrigin: null,
  admin: false,
  upgradeInsecureRequests: false,
};

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows scripts only by nonce (strict-dynamic), never inline or eval in production', () => {
    const script = directives(contentSecurityPolicy(base)).get('script-src')!;
    expect(script).toContain("'nonce-AAAAAAAAAAAAAAAAAAAAAA'");
    expect(script).toContain("'strict-dynamic'");
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
  });

  it("lets a nonce page run the consent bar's pre-paint script by its hash, and nothing else inline", () => {
    const hash = `'sha256-${createHash('sha256').update(ASK_CONSENT_SCRIPT, 'utf8').digest('base64')}'`;
    expect(ASK_CONSENT_SCRIPT_HASH).toBe(hash);
    expect(directives(contentSecurityPolicy({ ...base, admin: false })).get('script-src')).toContain(hash);
    expect(directives(contentSecurityPolicy({ ...base, admin: true })).get('script-src')).not.toContain(hash);
  });

  it('for a public page (no nonce): our files, hashed inline scripts and gtag.js only, never inline', () => {
    const script = directives(contentSecurityPolicy({ ...base, nonce: null })).get('script-src')!;
    // 'strict-dynamic' would block Next's parser-inserted <script src> tags, which carry no nonce.
    expect(script).toEqual(["'self'", INLINE_SCRIPT_HASHES]);
    const withGa = directives(
      contentSecurityPolicy({ ...base, nonce: null, gtagOrigin: 'https://www.googletagmanager.com' }),
    ).get('script-src')!;
    expect(withGa).toEqual([
      "'self'",
      INLINE_SCRIPT_HASHES,
      'https://www.googletagmanager.com',
      'https://*.googletagmanager.com',
    ]);
    expect(withGa).not.toContain("'unsafe-inline'");
    expect(withGa.join(' ')).not.toMatch(/google-analytics/);
  });

  it('locks down plugins, base URLs, framing and form targets', () => {
    const d = directives(contentSecurityPolicy(base));
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('form-action')).toEqual(["'self'", 'https://sis.redsys.es']);
  });

  it('names no analytics host unless analytics is configured, and never on the back office', () => {
    expect(contentSecurityPolicy(base)).not.toMatch(/google/);
    const withGa = directives(contentSecurityPolicy({ ...base, gtagOrigin: 'https://www.googletagmanager.com' }));
    expect(withGa.get('connect-src')).toContain('https://*.google-analytics.com');
    expect(withGa.get('img-src')).toContain('https://www.googletagmanager.com');
    const admin = contentSecurityPolicy({ ...base, gtagOrigin: 'https://www.googletagmanager.com', admin: true });
    expect(admin).not.toMatch(/google/);
  });

  it('lets the interactive map load its tiles (img-src), and nothing else from that host', () => {
    const d = directives(contentSecurityPolicy({ ...base, mapTileOrigin: 'https://tile.openstreetmap.org' }));
    expect(d.get('img-src')).toContain('https://tile.openstreetmap.org');
    expect(d.get('connect-src')).not.toContain('https://tile.openstreetmap.org');
    expect(d.get('script-src')).not.toContain('https://tile.openstreetmap.org');
  });

  it('adds eval only for the dev server and upgrade-insecure-requests only when asked', () => {
    expect(directives(contentSecurityPolicy({ ...base, dev: true })).get('script-src')).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy(base)).not.toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy({ ...base, upgradeInsecureRequests: true })).toContain('upgrade-insecure-requests');
  });
});

describe('permissionsPolicy', () => {
  it('grants the camera to the staff app’s scanning pages only: the boarding page and the partner’s door', () => {
    expect(permissionsPolicy('/staff/boarding')).toContain('camera=(self)');
    expect(permissionsPolicy('/staff/boarding/scan')).toContain('camera=(self)');
    expect(permissionsPolicy('/staff/door')).toContain('camera=(self)');
    expect(permissionsPolicy('/staff/boardingx')).toContain('camera=()');
    expect(permissionsPolicy('/staff/sw.js')).toContain('camera=()');
    // The old address only redirects to the new one.
    expect(permissionsPolicy('/admin/boarding')).toContain('camera=()');
    expect(permissionsPolicy('/')).toContain('camera=()');
    expect(permissionsPolicy('/admin')).toContain('camera=()');
    expect(permissionsPolicy('/')).toContain('geolocation=()');
  });
});

describe('staticSecurityHeaders', () => {
  it('sends HSTS for a year in production only', () => {
    const names = (production: boolean) => staticSecurityHeaders(production).map((h) => h.key);
    expect(names(false)).not.toContain('Strict-Transport-Security');
    const hsts = staticSecurityHeaders(true).find((h) => h.key === 'Strict-Transport-Security');
    expect(hsts?.value).toMatch(/max-age=31536000/);
    expect(names(false)).toEqual(expect.arrayContaining(['X-Content-Type-Options', 'Referrer-Policy']));
  });

  it('treats admin and API paths as never publicly cacheable', () => {
    expect(isPublicCacheable('/admin')).toBe(false);
    expect(isPublicCacheable('/api/users/me')).toBe(false);
    expect(isPublicCacheable('/administracio')).toBe(true);
    expect(isPublicCacheable('/es/contacto')).toBe(true);
  });
});

describe('tileOrigin', () => {
  it('turns a Leaflet tile template into a CSP source', () => {
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileOrigin('http://127.0.0.1:3101/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:3101');
    expect(tileOrigin('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileOrigin("https://evil.example'; script-src *")).toBeNull();
  });
});
