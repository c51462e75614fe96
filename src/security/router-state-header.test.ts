import { describe, expect, it } from 'vitest';

import { dropUnreadableRouterState, ROUTER_STATE_HEADER } from './router-state-header.mjs';

/** What Chromium sent navigating from the Spanish home page (captured from the production build). */
const REAL_TREE = encodeURIComponent(
  JSON.stringify([
    '',
    {
      children: [
        '(site)',
        {
          children: [['locale', 'es', 'd', null], { children: ['__PAGE__', {}, null, null, 1024] }, null, null, 1040],
        },
        null,
        null,
        1040,
      ],
    },
    null,
    null,
    1040,
  ]),
);

const request = (value?: string | string[]) => ({
  headers: { rsc: '1', ...(value === undefined ? {} : { [ROUTER_STATE_HEADER]: value }) } as Record<
    string,
    string | string[] | undefined
  >,
});

describe('router state header', () => {
  it('keeps a tree Next reads, and a request without one as it is', () => {
    const real = request(REAL_TREE);
    expect(dropUnreadableRouterState(real)).toBe(false);
    expect(real.headers[ROUTER_STATE_HEADER]).toBe(REAL_TREE);
    const none = request();
    expect(dropUnreadableRouterState(none)).toBe(false);
    expect(none.headers).toEqual({ rsc: '1' });
  });

  it('drops one Next would throw on: not JSON, not a tree, too large, sent twice', () => {
    const bad = [
      'garbage',
      '%E0%A4%A',
      encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}] }, null, null, true])),
      encodeURIComponent('[]'),
      encodeURIComponent(JSON.stringify(['', { children: ['x'.repeat(50_000), {}] }])),
      [REAL_TREE, REAL_TREE],
    ];
    for (const value of bad) {
      const req = request(value);
      expect(dropUnreadableRouterState(req), String(value).slice(0, 40)).toBe(true);
      expect(req.headers).toEqual({ rsc: '1' });
    }
  });
});
