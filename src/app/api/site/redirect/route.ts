import { NextResponse } from 'next/server';

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
  return NextResponse.json({ to: docs[0]?.to ?? null }, { headers: { 'Cache-Control': 'no-store' } });
}
