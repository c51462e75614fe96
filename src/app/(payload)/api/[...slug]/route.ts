import '@payloadcms/next/css';

import config from '@payload-config';
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes';

import { guardDisabledRest, guardRest } from '@/collections/rest-guard';

// Malformed input Payload would answer with a 500 gets a 4xx first (src/collections/rest-guard.ts).
export const GET = guardRest(config, REST_GET(config));
export const POST = guardRest(config, REST_POST(config));
export const DELETE = guardRest(config, REST_DELETE(config), { read: REST_GET(config) });
export const PATCH = guardRest(config, REST_PATCH(config));
export const PUT = guardRest(config, REST_PUT(config));
export const OPTIONS = guardDisabledRest(config, REST_OPTIONS(config));
