import { NextResponse } from 'next/server';

import { isSitePath, parseAllowedHosts, redirectTargetAllowed } from '@/collections/redirect-targets';
import { payloadClient } from '@/lib/payload';

/** Looks up a staff-managed redirect for the proxy (it only asks for paths it does not know). */
export async function GET(request: Request) {
  const path = new URL(request.url).searchParams.get('path');
  if (!path || !path.startsWith('/') || path.length > 2048) {
    return NextResponse.json({ to: null }, { status: 400 });
  }
  const payload = await payloadClient();
  const { docs } = await payload.find({
    collection: 'redirects',
    where: { from: { equals: path } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  });
  const to = docs[0]?.to ?? null;
  // A redirect saved before targets were checked (decision 169), or a host an admin has since
  // removed, sends nobody outside the site.
  const site =
    to && !isSitePath(to) ? await payload.findGlobal({ slug: 'site', depth: 0, overrideAccess: true }) : null;
  const allowed = to !== null && redirectTargetAllowed(to, parseAllowedHosts(site?.allowedRedirectHosts).hosts);
  return NextResponse.json({ to: allowed ? to : null }, { headers: { 'Cache-Control': 'no-store' } });
}
