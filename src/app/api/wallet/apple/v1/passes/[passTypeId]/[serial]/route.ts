import { payloadClient } from '@/lib/payload';
import { latestPass } from '@/wallet/web-service';

import { answer } from '../../../../answer';

export const dynamic = 'force-dynamic';

/** GET …/v1/passes/{passTypeId}/{serial}: the latest version of a pass (304 when unchanged). */
export async function GET(
  request: Request,
  context: { params: Promise<{ passTypeId: string; serial: string }> },
): Promise<Response> {
  const params = await context.params;
  return answer(
    await latestPass(await payloadClient(), {
      ...params,
      authorization: request.headers.get('authorization'),
      ifModifiedSince: request.headers.get('if-modified-since'),
    }),
  );
}
