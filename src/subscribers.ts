import { registerBoardingAudit } from './audit/boarding';
import { registerAuditSubscribers } from './audit/subscribers';
import { registerInvoicingSubscribers } from './invoicing/subscribers';
import { registerNoticeSubscribers } from './notices/subscribers';
import { registerDesk } from './operations/desk';
import { registerOctoSubscribers } from './resellers/octo/subscribers';
import { registerTicketSubscribers } from './tickets/subscribers';
import { registerWalletSubscribers } from './wallet/subscribers';

/**
 * The one place where domain events (src/booking/events.ts) meet their subscribers, and where the
 * desk above booking installs what the payment notification hands it (booking/desk.ts). The
 * Payload config calls it on every Payload start (web server, tests, CLI), so whatever runs the
 * booking operations also runs their consequences. Add a module's registration here.
 */
export function registerSubscribers(): void {
  registerTicketSubscribers();
  registerNoticeSubscribers();
  registerAuditSubscribers();
  registerBoardingAudit();
  registerOctoSubscribers();
  registerInvoicingSubscribers();
  registerWalletSubscribers();
  registerDesk();
}
