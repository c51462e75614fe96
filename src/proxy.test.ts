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
