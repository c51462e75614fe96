import { payloadClient } from '@/lib/payload';
import { registerPassDevice, unregisterPassDevice } from '@/wallet/web-service';

import { answer } from '../../../../../../answer';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ device: string; passTypeId: string; serial: string }> };

/** POST …/v1/devices/{device}/registrations/{passTypeId}/{serial}: the phone wants this pass's updates. */
export async function POST(request: Request, context: Params): Promise<Response> {
  const params = await context.params;
  const body: unknown = await request.json().catch(() => null);
  const authorization = request.headers.get('authorization');
  return answer(await registerPassDevice(await payloadClient(), { ...params, authorization, body }));
}

/** DELETE …: the pass was removed from the phone. */
export async function DELETE(request: Request, context: Params): Promise<Response> {
  const params = await context.params;
  const authorization = request.headers.get('authorization');
  return answer(await unregisterPassDevice(await payloadClient(), { ...params, authorization }));
}
