import type { Locale } from '../i18n/locales';
import type { OperatorCurrency } from '../lib/operator';

/**
 * What the booking code sees of a payment gateway. Both implementations speak the Redsys
 * redirect protocol; the interface exists so the checkout never branches on which one is live
 * and so tests can swap in the sandbox without touching the confirmation path.
 *
 * The browser return (urls.ok / urls.ko) is a courtesy page only: a payment counts once
 * `verifyNotification` has accepted the server-to-server notification (docs/domain-rules.md#payment-confirmation).
 */
export type PaymentProviderId = 'redsys' | 'sandbox';

export type PayMethodChoice = 'card' | 'bizum';

export interface RedirectInput {
  /** Redsys order number for this payment attempt, see `makeOrderRef` in ./redsys. */
  orderRef: string;
  amountCents: number;
  /** Shown on the gateway's payment page; must not contain personal data. */
  description: string;
  locale: Locale;
  urls: { ok: string; ko: string; notify: string };
  /** Omitted: the gateway offers every method the terminal has enabled. */
  payMethods?: PayMethodChoice;
}

/**
 * The fields of Redsys' redirect form and of its notifications. A type alias rather than an
 * interface so it can be passed where a plain Record<string, string> of form fields is expected.
 */
export type SignedFields = {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
};

export interface RedirectForm {
  action: string;
  method: 'POST';
  fields: SignedFields;
}

/** `other` covers methods we never request but a terminal may have enabled (PayPal, transfer…). */
export type ProcessedPayMethod = 'card' | 'bizum' | 'other';

export interface VerifiedNotification {
  ok: true;
  orderRef: string;
  amountCents: number;
  currency: OperatorCurrency;
  /** Redsys Ds_Response 0000–0099; every other code is a refusal of some kind. */
  authorized: boolean;
  /** Ds_Response, zero-padded to four digits when numeric. */
  responseCode: string;
  authorisationCode?: string;
  payMethod?: ProcessedPayMethod;
}

export type OrderCheckFailure = 'amountMismatch' | 'orderMismatch';

export type NotificationFailure =
  | 'malformed'
  | 'unsupportedSignatureVersion'
  | 'badSignature'
  | 'wrongMerchant'
  | 'wrongTerminal'
  | 'wrongCurrency'
  | 'unsupportedTransactionType'
  | OrderCheckFailure;

export interface RejectedNotification {
  ok: false;
  reason: NotificationFailure;
}

export type NotificationResult = VerifiedNotification | RejectedNotification;

export interface ExpectedPayment {
  orderRef: string;
  amountCents: number;
}

export interface PaymentProvider {
  id: PaymentProviderId;
  /** Throws on input that can only come from a programming error (bad order ref, amount, URL). */
  createRedirect(input: RedirectInput): RedirectForm;
  /**
   * Checks signature, merchant, terminal, currency and transaction type of a notification POST.
   * With `expected`, it also applies `checkAgainstOrder`; without it, the caller must do so
   * after loading the order the notification names.
   */
  verifyNotification(fields: Record<string, string>, expected?: ExpectedPayment): NotificationResult;
  /** Refunds through the gateway's REST interface (see RefundingProvider). */
  refund(input: RefundInput): Promise<RefundResult>;
}

/**
 * The order-specific half of verification, kept apart because the caller only knows what to
 * expect after looking up the order that the (already authenticated) notification names.
 */
export function checkAgainstOrder(
  notification: VerifiedNotification,
  expected: ExpectedPayment,
): { ok: true } | { ok: false; reason: OrderCheckFailure } {
  if (notification.orderRef !== expected.orderRef) return { ok: false, reason: 'orderMismatch' };
  if (notification.amountCents !== expected.amountCents) return { ok: false, reason: 'amountMismatch' };
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Refunds

export interface RefundInput {
  /** The order of the original payment: Redsys refunds against it (transaction type 3). */
  orderRef: string;
  /** Up to what is left of that order's payment; partial refunds are several calls. */
  amountCents: number;
}

/**
 * The gateway's answer to a refund. `refused`: it answered no (an SIS error code or a refusal
 * response); `unknown`: no usable answer (network, timeout, bad signature), so nobody knows
 * whether money moved. Only `ok` lets the booking count the money as returned.
 */
export type RefundResult =
  | { ok: true; responseCode: string; authorisationCode?: string; answer: string }
  | { ok: false; outcome: 'refused' | 'unknown'; code: string; answer: string };

export interface RefundingProvider {
  /** Asks the gateway to return money of a paid order; never throws. */
  refund(input: RefundInput): Promise<RefundResult>;
}
