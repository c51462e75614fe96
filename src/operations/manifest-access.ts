import 'server-only';

import type { Payload } from 'payload';

import { loadManifest, type Manifest } from '@/operations/manifest';
import type { Locale } from '@/i18n/locales';
import { opsMessages } from '@/i18n/ops-messages';
import { can, type Role } from '@/security/policy';

export type NamedManifest = Manifest & { tourTitle: string; boatName: string };

/**
 * A departure's manifest if this staff member may read it (the policy: office and admin any day,
 * the crew only today's, Madrid time), for the manifest API and the admin's manifest view.
 */
export async function manifestForStaff(
  payload: Payload,
  role: Role,
  departureId: number,
  language: Locale,
  now = new Date(),
): Promise<{ manifest: NamedManifest } | { status: 403 | 404; error: string; message: string }> {
  const manifest = await loadManifest(payload, departureId);
  const t = opsMessages(language);
  if (!manifest) return { status: 404, error: 'notFound', message: t.errors.notFound };
  if (!can({ role }, 'manifest.read', { sailsOn: manifest.departure.date }, now)) {
    return { status: 403, error: 'crewTodayOnly', message: t.manifest.crewOtherDay };
  }
  const [tour, boat] = await Promise.all([
    payload
      .findByID({ collection: 'tours', id: manifest.departure.tourId, locale: language, depth: 0 })
      .catch(() => null),
    payload.findByID({ collection: 'boats', id: manifest.departure.boatId, depth: 0 }).catch(() => null),
  ]);
  return { manifest: { ...manifest, tourTitle: tour?.title ?? '', boatName: boat?.name ?? '' } };
}
