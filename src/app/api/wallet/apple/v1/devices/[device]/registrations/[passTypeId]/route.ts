import { payloadClient } from '@/lib/payload';
import { updatedSerials } from '@/wallet/web-service';

import { answer } from '../../../../../answer';

export const dynamic = 'force-dynamic';

/** GET …/v1/devices/{device}/registrations/{passTypeId}?passesUpdatedSince=…: which of its passes changed. */
export async function GET(
  request: Request,
  context: { params: Promise<{ device: string; passTypeId: string }> },
): Promise<Response> {
  const params = await context.params;
  const since = new URL(request.url).searchParams.get('passesUpdatedSince');
  return answer(await updatedSerials(await payloadClient(), { ...params, since }));
}
