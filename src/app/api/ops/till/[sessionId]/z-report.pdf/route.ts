import { dateTimeOf, euros } from '@/components/admin/format';
import { localeInfo } from '@/i18n/locales';
import { opsMessages } from '@/i18n/ops-messages';
import { env } from '@/lib/env';
import { idParam, tillError } from '@/operations/http';
import { tillSessionSummary } from '@/operations/till';
import { renderZReportPdf } from '@/operations/z-report-pdf';
import { NO_STORE, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ops/till/{sessionId}/z-report.pdf — a closed till session's Z report as a tagged PDF,
 * in the staff member's language; the same access as the Z report screen (`cashUp.read`). An
 * open session has no Z report yet (409 notClosed): its figures still move.
 */
export const GET = staffRoute(
  { action: 'cashUp.read', params: ({ sessionId }: { sessionId: string }) => idParam(sessionId) },
  async ({ payload, params: id, language }) => {
    if (id === null) return tillError(language, 'notFound');
    const summary = await tillSessionSummary(payload, id, new Date());
    if (!summary) return tillError(language, 'notFound');
    if (!summary.session.closedAt) return tillError(language, 'notClosed');
    const t = opsMessages(language);
    const pdf = await renderZReportPdf(
      summary,
      { ...t.till, methods: t.sell.methods, printedAt: t.manifest.printedAt },
      {
        language: localeInfo[language].iso,
        brand: env().SITE_BRAND,
        euros: (cents) => euros(cents, language),
        dateTime: (at) => dateTimeOf(at.toISOString(), language),
        printedAt: dateTimeOf(new Date().toISOString(), language),
      },
    );
    return new Response(Buffer.from(pdf), {
      headers: {
        ...NO_STORE,
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="z-report-${summary.session.id}.pdf"`,
      },
    });
  },
);
