import { dateTimeOf, longDate } from '@/components/admin/format';
import { localeInfo } from '@/i18n/locales';
import { opsMessages } from '@/i18n/ops-messages';
import { env } from '@/lib/env';
import { idParam } from '@/operations/http';
import { manifestForStaff } from '@/operations/manifest-access';
import { renderManifestPdf } from '@/operations/manifest-pdf';
import { NO_STORE, refuse, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ops/departures/{id}/manifest.pdf — the manifest as a tagged PDF, in the staff member's
 * language; the same access as the manifest itself (crew: today's only).
 */
export const GET = staffRoute(
  { action: 'manifest.read', params: ({ id }: { id: string }) => idParam(id) ?? refuse(404, 'notFound') },
  async ({ payload, user, params: id, language }) => {
    const result = await manifestForStaff(payload, user.role, id, language);
    if ('status' in result) return refuse(result.status, result.error, { message: result.message });
    const { manifest } = result;
    const pdf = await renderManifestPdf(manifest, opsMessages(language).manifest, {
      language: localeInfo[language].iso,
      brand: env().SITE_BRAND,
      dateText: longDate(manifest.departure.date, language),
      printedAt: dateTimeOf(new Date().toISOString(), language),
    });
    const filename = `manifest-${manifest.departure.date}-${manifest.departure.time.replace(':', '')}-${manifest.departure.id}.pdf`;
    return new Response(Buffer.from(pdf), {
      headers: {
        ...NO_STORE,
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${filename}"`,
      },
    });
  },
);
