import 'server-only';

import config from '@payload-config';
import { getPayload, type Payload } from 'payload';

/** The Payload local API, initialised once per server process. */
export function payloadClient(): Promise<Payload> {
  return getPayload({ config });
}
