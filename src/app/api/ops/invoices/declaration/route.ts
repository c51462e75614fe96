import { declarationText } from '@/invoicing/declaration';
import { NO_STORE, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ops/invoices/declaration — the producer's declaración responsable, filled from
 * configuration, dated the day it was signed (VERIFACTU_DECLARATION_DATE), not today.
 */
export const GET = staffRoute({ action: 'invoices.read' }, async () => {
  return new Response(declarationText(), {
    headers: { ...NO_STORE, 'Content-Type': 'text/markdown; charset=utf-8' },
  });
});
