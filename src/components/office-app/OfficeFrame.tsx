import Link from 'next/link';
import type { ReactNode } from 'react';

import { officePaths } from '@/components/admin/office-paths';
import type { StaffView } from '@/components/admin/view-context';
import ca from '@/i18n/messages/boarding/ca.json';
import en from '@/i18n/messages/boarding/en.json';
import es from '@/i18n/messages/boarding/es.json';
import fr from '@/i18n/messages/boarding/fr.json';

import styles from './office-app.module.css';

const appMessages = { ca, es, en, fr };

export type OfficeScreen = 'today' | 'bookings' | 'sell' | 'till';

/**
 * The office's daily screens in the staff's light app (issue 46): a bar of links between them
 * (each for the roles that may use it) and back to the back office for everything else, then the
 * screen. Server-rendered: the bar costs no script; links between the screens are Next's, so the
 * next screen comes as a small RSC payload, not a new document.
 */
export function OfficeFrame({
  view,
  current,
  children,
}: {
  view: StaffView;
  current: OfficeScreen;
  children: ReactNode;
}) {
  const { t, language } = view;
  const paths = officePaths('staff');
  const screens: { key: OfficeScreen; href: string; label: string; show: boolean }[] = [
    { key: 'today', href: paths.today, label: t.nav.today, show: view.can('booking.read') },
    { key: 'bookings', href: paths.bookings, label: t.nav.bookings, show: view.can('booking.read') },
    { key: 'sell', href: paths.sell, label: t.nav.sell, show: view.can('booking.sell') },
    { key: 'till', href: paths.till, label: t.nav.till, show: view.can('cashUp.read') },
  ];
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <nav className={styles.nav} aria-label={appMessages[language].boarding.backOffice}>
          {screens
            .filter((screen) => screen.show)
            .map((screen) => (
              <Link
                key={screen.key}
                className={styles.link}
                href={screen.href}
                aria-current={screen.key === current ? 'page' : undefined}
                prefetch={false}
              >
                {screen.label}
              </Link>
            ))}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- Payload's admin is another app: a full load */}
          <a className={`${styles.link} ${styles.away}`} href="/admin" data-testid="office-back-office">
            {appMessages[language].boarding.backOffice} ↗
          </a>
        </nav>
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
