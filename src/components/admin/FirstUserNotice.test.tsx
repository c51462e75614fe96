import config from '@payload-config';
import type { AdminViewServerProps } from 'payload';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { FirstUserNotice } from './FirstUserNotice';

const props = (language: string) =>
  ({ initPageResult: { req: { i18n: { language } } } }) as unknown as AdminViewServerProps;

describe('create-first-user screen', () => {
  it('replaces Payload’s sign-up form', async () => {
    const sanitized = await config;
    expect(sanitized.admin.components?.views?.createFirstUser?.Component).toBe(
      '/components/admin/FirstUserNotice#FirstUserNotice',
    );
  });

  it.each([
    ['ca', 'Al servidor'],
    ['es', 'En el servidor'],
    ['en', 'On the server'],
    ['fr', 'Sur le serveur'],
  ])('explains in %s how to create the first user, with no form', (language, phrase) => {
    const html = renderToStaticMarkup(FirstUserNotice(props(language)));
    expect(html).toContain(phrase);
    expect(html).toContain('npm run admin:create -- --email');
    expect(html).toContain('ADMIN_EMAIL=');
    expect(html).not.toMatch(/<form|<input/);
  });
});
