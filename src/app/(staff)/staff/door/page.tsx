import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';

import { doorPartner } from '@/app/api/partner/admissions/door-partner';
import { DoorApp } from '@/components/door/DoorApp.client';
import { webManifestPath } from '@/components/staff-app/offline-app';
import ca from '@/i18n/messages/boarding/ca.json';
import en from '@/i18n/messages/boarding/en.json';
import es from '@/i18n/messages/boarding/es.json';
import fr from '@/i18n/messages/boarding/fr.json';
import { payloadClient } from '@/lib/payload';
import { DOOR_PATH } from '@/lib/staff-app';

import { refusalReason, signedIn, staffAppSession, staffName } from '../../session';

const messages = { ca, es, en, fr };

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await staffAppSession();
  return { title: messages[locale].door.appName };
}

/**
 * /staff/door: a partner's door on a phone (src/components/door, docs/decisions/175). For users
 * who may check admissions (`admissions.check`: the partner role, and admins) and are tied to a
 * partner (Users › Partner); anyone else gets a 403 with the refusal in their language (./forbidden.tsx).
 */
export default async function DoorPage() {
  const { user, locale } = await signedIn(DOOR_PATH);
  const partnerId = doorPartner(user);
  if (refusalReason(DOOR_PATH, user) || partnerId === null) forbidden();
  const name = staffName(user);
  const payload = await payloadClient();
  // The door's staff may not read partners: the page names theirs for them.
  const partner = await payload
    .findByID({ collection: 'partners', id: partnerId, depth: 0, locale, overrideAccess: true, select: { name: true } })
    .catch(() => null);
  const { door, staffApp } = messages[locale];
  return (
    <>
      <link rel="manifest" href={webManifestPath('door', locale)} />
      <DoorApp
        locale={locale}
        messages={{ door, staffApp }}
        partner={{ id: partnerId, name: partner?.name ?? '' }}
        staff={{ id: Number(user.id), name }}
      />
    </>
  );
}
