import type { Locale } from '@/i18n/locales';
import ca from '@/i18n/messages/boarding/ca.json';
import en from '@/i18n/messages/boarding/en.json';
import es from '@/i18n/messages/boarding/es.json';
import fr from '@/i18n/messages/boarding/fr.json';
import { fill } from '@/lib/icu-lite';

import styles from './staff-app.module.css';

const messages = { ca, es, en, fr };

export type RefusalReason = 'refusedBoarding' | 'refusedDoor' | 'refusedOffice' | 'noPartner';

/**
 * A signed-in staff member on a screen of the phone app their role may not use (a partner's door
 * staff on the boarding page, the crew at a door, an admin tied to no partner at a door): what it
 * is and where to go, in their language. Server-rendered, no script.
 */
export function StaffAppRefusal({ locale, reason, name }: { locale: Locale; reason: RefusalReason; name: string }) {
  const t = messages[locale].staffApp;
  return (
    <main className={styles.page} data-testid="staff-app-refused">
      <h1 className={styles.title}>{t.refusedTitle}</h1>
      <p>{t[reason]}</p>
      <p className={styles.note}>{fill(t.signedInAs, { name })}</p>
      {/* Each link whole on its line: French's "Se déconnecter" broke in two at 375 px. */}
      <p className={styles.refusalLinks}>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- Payload's admin is another app: a full load */}
        <a className={styles.link} href="/admin">
          {t.backOffice}
        </a>{' '}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- Payload's admin is another app: a full load */}
        <a className={styles.link} href="/admin/logout">
          {t.signOut}
        </a>
      </p>
    </main>
  );
}
