import type { AdminViewServerProps } from 'payload';

import { isLocale } from '@/i18n/locales';
import { securityMessages } from '@/security/messages';

/**
 * Replaces Payload's create-first-user form (docs/decisions/040-first-user.md): the first staff
 * user is created on the server, never by whoever opens /admin first.
 */
export function FirstUserNotice({ initPageResult }: AdminViewServerProps) {
  const language = initPageResult?.req?.i18n?.language;
  const t = securityMessages(isLocale(language) ? language : 'ca').adminSetup;
  return (
    <div className="first-user-notice" data-testid="first-user-notice">
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <p>{t.cliLabel}</p>
      <pre>
        <code>npm run admin:create -- --email you@example.com</code>
      </pre>
      <p>{t.envLabel}</p>
      <pre>
        <code>ADMIN_EMAIL=you@example.com</code>
      </pre>
      <p>{t.after}</p>
    </div>
  );
}
