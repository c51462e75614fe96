import { NextResponse } from 'next/server';

import type { ContentIds } from '@/lib/content-ids';
import { payloadClient } from '@/lib/payload';

/** The ids the proxy may route to a tour or school page (the same slugs the sitemap lists). */
export async function GET() {
  const payload = await payloadClient();
  const slugsOf = (collection: 'tours' | 'school-tours') =>
    payload.find({ collection, pagination: false, depth: 0, select: { slug: true }, overrideAccess: true });
  const [tours, schoolTours] = await Promise.all([slugsOf('tours'), slugsOf('school-tours')]);
  const ids: ContentIds = {
    tours: tours.docs.map((doc) => doc.slug),
    schoolTours: schoolTours.docs.map((doc) => doc.slug),
  };
  return NextResponse.json(ids, { headers: { 'Cache-Control': 'no-store' } });
}
