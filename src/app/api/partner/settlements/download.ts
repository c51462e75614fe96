import 'server-only';

import { opsMessages } from '@/i18n/ops-messages';
import { env } from '@/lib/env';
import { isSettledMonth, partnerSettlement, settlementCsv, settlementFileName } from '@/operations/partner-settlement';
import { renderSettlementPdf } from '@/operations/partner-settlement-pdf';
import { isSettlementMonth, type SettlementMonth } from '@/partners/settlement';
import { NO_STORE, refuse, type StaffRequest } from '@/security/staff-route';

export type SettlementFile = { month: SettlementMonth; extension: 'csv' | 'pdf' };

/** `2026-11.csv` or `2026-11.pdf`, a month up to this one; otherwise 400 `invalidMonth` in the staff's language. */
export function settlementFile(raw: { file: string }, { language }: StaffRequest): SettlementFile | Response {
  const match = /^(\d{4}-\d{2})\.(csv|pdf)$/.exec(raw.file ?? '');
  const month = match?.[1];
  if (!match || !isSettlementMonth(month) || !isSettledMonth(month, new Date())) {
    return refuse(400, 'invalidMonth', { message: opsMessages(language).partnerSettlement.invalidMonth });
  }
  return { month, extension: match[2] as 'csv' | 'pdf' };
}

/**
 * A partner's settlement for the month as a download, in the partner's settlement language
 * whoever asks (it is the partner's document); 404 `notFound` for no such partner.
 */
export async function settlementDownload(
  { payload, language }: StaffRequest,
  partnerId: number | null,
  file: SettlementFile,
): Promise<Response> {
  const settlement = partnerId === null ? null : await partnerSettlement(payload, partnerId, file.month);
  if (!settlement) return refuse(404, 'notFound', { message: opsMessages(language).partnerSettlement.notFound });
  const body =
    file.extension === 'csv'
      ? settlementCsv(settlement)
      : Buffer.from(await renderSettlementPdf(settlement, env().SITE_BRAND));
  return new Response(body, {
    headers: {
      ...NO_STORE,
      'Content-Type': file.extension === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
      'Content-Disposition': `attachment; filename="${settlementFileName(settlement, file.extension)}"`,
    },
  });
}
