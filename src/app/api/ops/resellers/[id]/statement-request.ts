import 'server-only';

import { opsMessages } from '@/i18n/ops-messages';
import {
  isStatementMonth,
  resellerStatement,
  type ResellerStatement,
  type StatementMonth,
} from '@/resellers/statement';
import { refuse, type StaffRequest } from '@/security/staff-route';

/** `?month=YYYY-MM` (400 `invalidMonth` otherwise) and the reseller's id, if it is one. */
export function statementParams(
  { id }: { id: string },
  { request, language }: StaffRequest,
): { month: StatementMonth; resellerId: number | null } | Response {
  const month = new URL(request.url).searchParams.get('month');
  if (!isStatementMonth(month)) {
    return refuse(400, 'invalidMonth', { message: opsMessages(language).resellerStatement.invalidMonth });
  }
  return { month, resellerId: /^\d{1,9}$/.test(id) ? Number(id) : null };
}

/** The month's statement, or the 404 in the staff member's language. */
export async function loadStatement(
  { payload, language }: StaffRequest,
  { month, resellerId }: { month: StatementMonth; resellerId: number | null },
): Promise<ResellerStatement | Response> {
  const statement =
    resellerId === null ? null : await resellerStatement(payload, { resellerId, month, locale: language });
  return statement ?? refuse(404, 'notFound', { message: opsMessages(language).resellerStatement.notFound });
}
