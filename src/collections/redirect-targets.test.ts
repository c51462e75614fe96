import { describe, expect, it } from 'vitest';

import { isSitePath, parseAllowedHosts, redirectTargetAllowed } from './redirect-targets';

describe('where a redirect may send visitors (decision 169)', () => {
  it('takes a path of this site', () => {
    for (const to of ['/', '/ca', '/ca/excursions?x=1#top', '/es/ofertas-verano']) expect(isSitePath(to)).toBe(true);
  });

  it('refuses what a browser reads as another host', () => {
    for (const to of ['//evil.example', '/\\evil.example', '/ca\\..\\x', '/ ca', '/\tca', 'ca/x', '']) {
      expect(redirectTargetAllowed(to, [])).toBe(false);
    }
  });

  it('takes an https address only on a host an admin allowed, exactly', () => {
    const hosts = parseAllowedHosts('botiga.example.com\nShop.Example.org').hosts;
    expect(hosts).toEqual(['botiga.example.com', 'shop.example.org']);
    expect(redirectTargetAllowed('https://botiga.example.com/ofertes', hosts)).toBe(true);
    expect(redirectTargetAllowed('https://SHOP.example.org/', hosts)).toBe(true);
    expect(redirectTargetAllowed('https://evil.example/', hosts)).toBe(false);
    expect(redirectTargetAllowed('http://botiga.example.com/', hosts)).toBe(false);
    expect(redirectTargetAllowed('https://botiga.example.com@evil.example/', hosts)).toBe(false);
    expect(redirectTargetAllowed('https://botiga.example.com.evil.example/', hosts)).toBe(false);
    expect(redirectTargetAllowed('https://botiga.example.com:8443/', hosts)).toBe(false);
    expect(redirectTargetAllowed('javascript:alert(1)', hosts)).toBe(false);
  });

  it('names what is not a host name in the settings', () => {
    expect(parseAllowedHosts('botiga.example.com, https://x.example/ evil').invalid).toEqual([
      'https://x.example/',
      'evil',
    ]);
    expect(parseAllowedHosts('')).toEqual({ hosts: [], invalid: [] });
  });
});
