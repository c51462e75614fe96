import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';

import { BoardingApp } from '@/components/boarding/BoardingApp.client';
import { webManifestPath } from '@/components/staff-app/offline-app';
import ca from '@/i18n/messages/boarding/ca.json';
import en from '@/i18n/messages/boarding/en.json';
import es from '@/i18n/messages/boarding/es.json';
import fr from '@/i18n/messages/boarding/fr.json';
import { payloadClient } from '@/lib/payload';
import { BOARDING_PATH } from '@/lib/staff-app';
import { todaysBoardingDepartures } from '@/operations/boarding';

import { refusalReason, signedIn, staffAppSession, staffName } from '../../session';

const messages = { ca, es, en, fr };

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await staffAppSession();
  return { title: messages[locale].boarding.appName };
}

/**
 * /staff/boarding: the crew's phone at the gangway (src/components/boarding). Signed in with the
 * back office's session; only roles that may board (`boarding.scan`) get the app, anyone else a
 * 403 with the refusal in their language (./forbidden.tsx). It installs as an app that opens offline (staff-app/offline-app.ts).
 */
export default async function BoardingPage() {
  const { user, locale } = await signedIn(BOARDING_PATH);
  if (refusalReason(BOARDING_PATH, user)) forbidden();
  const departures = await todaysBoardingDepartures(await payloadClient(), locale);
  // Only the boarding's own words go to the phone: the door's and the refusal's stay here.
  const { boarding } = messages[locale];
  return (
    <>
      {/* React puts it in the document's head. */}
      <link rel="manifest" href={webManifestPath('boarding', locale)} />
      <BoardingApp
        locale={locale}
        messages={{ boarding }}
        departures={departures}
        staff={{ id: Number(user.id), name: staffName(user), role: user.role }}
      />
    </>
  );
}
