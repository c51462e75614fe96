import 'server-only';

import { redirect } from 'next/navigation';
import type { AdminViewServerProps } from 'payload';

import { todaysBoardingDepartures } from '@/operations/boarding';
import { defaultLocale, isLocale } from '@/i18n/locales';
import { can, type Role } from '@/security/policy';
import ca from '@/i18n/messages/boarding/ca.json';
import en from '@/i18n/messages/boarding/en.json';
import es from '@/i18n/messages/boarding/es.json';
import fr from '@/i18n/messages/boarding/fr.json';

import { BoardingApp } from './BoardingApp.client';
import { WEB_MANIFEST_PATH } from './offline-app';

const messages = { ca, es, en, fr };

/**
 * /admin/boarding: the crew's phone page, a Payload admin view so it shares the admin's sign-in,
 * session expiry and language. It renders outside the admin's template (no side menu): a phone at
 * the gangway needs the whole screen. It speaks the crew member's language as their account says
 * (else the back office's), and installs as an app that opens offline (./offline-app.ts).
 */
export async function BoardingView({ initPageResult }: AdminViewServerProps) {
  const { req } = initPageResult;
  const user = req.user as {
    id: number | string;
    name?: string | null;
    email?: string;
    role?: Role;
    language?: string | null;
  } | null;
  if (!user) redirect('/admin/login?redirect=%2Fadmin%2Fboarding');
  if (!can(user, 'boarding.scan')) redirect('/admin');
  const language = isLocale(user.language) ? user.language : req.i18n?.language;
  const locale = isLocale(language) ? language : defaultLocale;
  const departures = await todaysBoardingDepartures(req.payload, locale);
  return (
    <>
      {/* React puts these in the document's head. */}
      <link rel="manifest" href={`${WEB_MANIFEST_PATH}?lang=${locale}`} />
      <meta name="theme-color" content="#073b4f" />
      <BoardingApp
        locale={locale}
        messages={messages[locale]}
        departures={departures}
        staff={{ id: Number(user.id), name: user.name?.trim() || user.email || '', role: user.role ?? '' }}
      />
    </>
  );
}
