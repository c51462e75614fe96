import 'server-only';

import { MAX_REPORT_DAYS, reportRange, type ReportRange } from '@/operations/reports';
import { addDays, madridToday } from '@/i18n/time';
import { fill } from '@/lib/icu-lite';
import { opsMessages } from '@/i18n/ops-messages';
import type { Locale } from '@/i18n/locales';
import { json } from '@/security/staff-route';

/** Without dates: the last 30 days up to today, Madrid's today. */
export function defaultReportRange(now: Date): ReportRange {
  const to = madridToday(now);
  return { from: addDays(to, -29), to };
}

/** The range asked for in `from` and `to`, or the 400 that explains what is wrong with it. */
export function requestedRange(request: Request, language: Locale): { range: ReportRange } | { response: Response } {
  const params = new URL(request.url).searchParams;
  const fallback = defaultReportRange(new Date());
  const checked = reportRange(params.get('from') ?? fallback.from, params.get('to') ?? fallback.to);
  if (checked.ok) return { range: checked.range };
  const message = fill(opsMessages(language).reports[checked.error], { max: MAX_REPORT_DAYS });
  return { response: json({ ok: false, error: checked.error, message, maxDays: MAX_REPORT_DAYS }, 400) };
}
