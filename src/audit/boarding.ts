import { subscribe } from '@/booking/events';

import { recordAudit } from './record';

/**
 * Offline check-ins in the audit log (docs/decisions/128-scans-retries-and-retention.md): the
 * check-in's time is the phone's word, so the entry is dated when the server received it and keeps
 * what the phone said and, when the server did not believe it, why. Live scans are not audited:
 * their time is the server's, already on the ticket.
 */
export function registerBoardingAudit(): void {
  subscribe('ticket.boarded', 'audit.offlineBoarding', async (event, { payload }) => {
    if (!event.offline) return;
    await recordAudit(payload, {
      actor: event.by ?? `user:${event.byUserId}`,
      action: 'ticket.boarded',
      subject: `booking:${event.reference}`,
      before: null,
      after: {
        departureId: event.departureId,
        tickets: event.tickets.map((ticket) => ticket.code),
        offline: true,
        checkedInAt: event.at.toISOString(),
        phoneScannedAt: event.phoneScannedAt ?? null,
        scannedAtAdjusted: event.scannedAtAdjusted ?? null,
      },
      at: event.receivedAt,
    });
  });
}
