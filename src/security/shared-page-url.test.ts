import { describe, expect, it } from 'vitest';

import { ORIGINAL_QUERY_HEADER, renderFromBarePath, sharedPageUrl } from './shared-page-url.mjs';

describe('the URL a shared page is rendered from', () => {
  it('drops the query of a public page, whatever it carries', () => {
    expect(sharedPageUrl('GET', '/fr/tour/puerto-y-litoral-60-min?reserva=ABC&pago=ko')).toBe(
      '/fr/tour/puerto-y-litoral-60-min',
    );
    expect(sharedPageUrl('HEAD', '/?utm_source=x')).toBe('/');
    expect(sharedPageUrl('GET', '/grupos-y-agencias/grupos?tour=x&date=2026-12-01')).toBe('/grupos-y-agencias/grupos');
    // A router request keeps Next's own parameter and nothing else.
    expect(sharedPageUrl('GET', '/en/contacto?reserva=ABC&_rsc=1x2y')).toBe('/en/contacto?_rsc=1x2y');
  });

  it('leaves alone what reads its query on the server or is not a page', () => {
    for (const url of [
      '/reserva/ABC?firma=s',
      '/en/reserva/ABC/cambio?firma=s',
      '/es/pago-de-prueba/pagar?Ds_Signature=x',
      '/gracias?reserva=A&firma=B',
      '/fr/gracias?reserva=A&firma=B',
      '/api/shop/holds?x=1',
      '/octo/v1/availability?x=1',
      '/admin/collections/bookings?where=1',
      '/_next/static/chunks/a.js?v=1',
      '/healthz?x=1',
      '/favicon.ico?v=2',
      '/en/tour/x',
    ])
      expect(sharedPageUrl('GET', url), url).toBeNull();
    // Server actions and forms post to the page's own URL: their answer is never shared.
    expect(sharedPageUrl('POST', '/contacto?x=1')).toBeNull();
  });
});

describe('a request handed to Next', () => {
  it('keeps the query aside for the proxy, and no client can put one there', () => {
    const page = { method: 'GET', url: '/?utm_source=port&utm_medium=qr', headers: {} as Record<string, unknown> };
    renderFromBarePath(page);
    expect(page).toEqual({
      method: 'GET',
      url: '/',
      headers: { [ORIGINAL_QUERY_HEADER]: '?utm_source=port&utm_medium=qr' },
    });

    const forged = { method: 'GET', url: '/reserva/ABC?firma=s', headers: { [ORIGINAL_QUERY_HEADER]: '?x=1' } };
    renderFromBarePath(forged);
    expect(forged).toEqual({ method: 'GET', url: '/reserva/ABC?firma=s', headers: {} });
  });
});
