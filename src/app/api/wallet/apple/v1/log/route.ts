import { recordDeviceLog } from '@/wallet/web-service';

import { answer } from '../../answer';

export const dynamic = 'force-dynamic';

/** POST …/v1/log: what the phones report about our passes. */
export async function POST(request: Request): Promise<Response> {
  return answer(recordDeviceLog(await request.json().catch(() => null)));
}
