import { settlementDownload, settlementFile } from '@/app/api/partner/settlements/download';
import { staffRoute, type StaffRequest } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

function params(raw: { id: string; file: string }, staff: StaffRequest) {
  const file = settlementFile(raw, staff);
  if (file instanceof Response) return file;
  return { file, partnerId: /^\d{1,9}$/.test(raw.id) ? Number(raw.id) : null };
}

/**
 * GET /api/ops/partners/{id}/settlements/{yyyy-mm}.{csv|pdf} — any partner's monthly settlement,
 * for the office and admins (who may read partners); a partner's own staff use /api/partner/settlements.
 */
export const GET = staffRoute({ action: 'partners.read', params }, async (staff) =>
  settlementDownload(staff, staff.params.partnerId, staff.params.file),
);
