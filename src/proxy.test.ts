import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';

import { proxy } from './proxy';

describe('the proxy and paths that are not percent-encoded UTF-8', () => {
  // Issue 25: `/es/tour/%ff` threw while decoding the tour id, and the visitor got a 500.
  it.each(['/es/tour/%ff', '/tour/%E0%A4%A', '/en/contacto%C0', '/fr/reserva/%ff%fe'])(
    '%s is the 404 page, not an error',
    async (path) => {
      const response = await proxy(new NextRequest(`http://localhost:3000${path}`));
      expect(response.status).toBe(200);
      const rewrite = response.headers.get('x-middleware-rewrite');
      expect(rewrite).toMatch(/^http:\/\/localhost:3000\/(ca|es|en|fr)\/__unknown-id$/);
      expect(new URL(rewrite!).pathname.slice(1, 3)).toBe(path.startsWith('/tour') ? 'ca' : path.slice(1, 3));
    },
  );

  it('still sends old Latin-1 links to their page', async () => {
    const response = await proxy(new NextRequest('http://localhost:3000/es/galer%EDa'));
    expect(response.status).toBe(301);
  });
});

describe('the staff’s phone app (issue 46)', () => {
  it('is rendered per staff member like the back office: a nonce, never cached, never rewritten to a locale', async () => {
    for (const path of ['/staff/boarding', '/staff/door']) {
      const response = await proxy(new NextRequest(`http://localhost:3000${path}`));
      expect(response.status, path).toBe(200);
      expect(response.headers.get('x-middleware-rewrite'), path).toBeNull();
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
      expect(response.headers.get('content-security-policy'), path).toMatch(/script-src 'nonce-[^']+'/);
      expect(response.headers.get('permissions-policy'), path).toContain('camera=(self)');
    }
  });

  it('sends the old boarding page’s address to the new one, with the departure asked for', async () => {
    const response = await proxy(new NextRequest('http://localhost:3000/admin/boarding?departure=12'));
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('http://localhost:3000/staff/boarding?departure=12');
  });
});
