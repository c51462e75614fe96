import config from '@payload-config';
import { generatePageMetadata, RootPage } from '@payloadcms/next/views';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getPayload } from 'payload';

import { can } from '@/security/policy';

import { importMap } from '../importMap.js';

type Args = {
  params: Promise<{ segments: string[] }>;
  searchParams: Promise<{ [key: string]: string | string[] }>;
};

export const generateMetadata = ({ params, searchParams }: Args): Promise<Metadata> =>
  generatePageMetadata({ config, params, searchParams });

/**
 * Payload 3.90 answers a signed-in member without `create` permission on the Users "create" page
 * with its generic "not authorised, you must sign in" view, drawn inside its document view where
 * no custom component is consulted. For them, and only them, the same address renders the users
 * collection's `createRefused` view, which says what their role may not do. Signed-out visitors
 * still reach Payload's view and its redirect to the login.
 */
async function segmentsFor(params: Args['params']): Promise<{ segments: string[] }> {
  const resolved = await params;
  const segments = resolved.segments ?? [];
  if (segments.length !== 3 || segments[0] !== 'collections' || segments[1] !== 'users' || segments[2] !== 'create')
    return resolved;
  const payload = await getPayload({ config });
  const { user } = await payload.auth({ headers: await headers() });
  if (!user || can(user, 'users.manage')) return resolved;
  return { segments: ['collections', 'users', 'create-refused'] };
}

export default function Page({ params, searchParams }: Args) {
  return RootPage({ config, params: segmentsFor(params), searchParams, importMap });
}
