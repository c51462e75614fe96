import type { Endpoint } from 'payload';

import { requestLocale, securityMessages } from './messages';

/**
 * Payload's POST /api/users/first-register signs in whoever creates the first user, so on a
 * fresh deployment the first visitor would own the back office. Collection endpoints are matched
 * before Payload's built-in ones, so this answer replaces it (docs/decisions/040-first-user.md).
 */
export const refuseFirstRegister: Endpoint = {
  path: '/first-register',
  method: 'post',
  handler: (req) => {
    const message = securityMessages(requestLocale(req.headers, req.i18n?.language)).adminSetup.refused;
    return Response.json({ errors: [{ message }] }, { status: 403, headers: { 'Cache-Control': 'no-store' } });
  },
};
