import 'server-only';

import { randomInt } from 'node:crypto';

import { z } from 'zod';

import type { Locale } from '../i18n/locales';
import type { PayMethodChoice, PaymentProvider, SignedFields } from './provider';
import {
  CONSUMER_LANGUAGE,
  SIGNATURE_VERSION,
  decodeMerchantParameters,
  encodeMerchantParameters,
  isAuthorisedResponse,
  isValidOrderRef,
  localeFromConsumerLanguage,
  openSignedFields,
  payMethodFromCode,
  REFUND_ACCEPTED,
  REFUND_TRANSACTION_TYPE,
  redsysProtocolProvider,
  type FetchLike,
  signMerchantParameters,
  toBase64Url,
  type RedsysConfig,
} from './redsys';
import type { SandboxLedger } from './sandbox-ledger';
import { OPERATOR_CURRENCY, OPERATOR_TIME_ZONE, type OperatorCurrency } from '../lib/operator';

/**
 * The built-in gateway: the real Redsys code path (same request, same signed notification, same
 * verification) with Redsys' public test credentials, but the "bank" is our own page at
 * /pago-de-prueba. Because those credentials are public, anyone can sign a notification that
 * this provider accepts, hence `assertSandboxAllowed`.
 */
export const SANDBOX_CREDENTIALS = {
  merchantCode: '999008881',
  terminal: '1',
  secretKey: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
  environment: 'test',
} as const satisfies RedsysConfig;

export const SANDBOX_PAGE_PATH = '/pago-de-prueba';
/** The sandbox's stand-in for Redsys' REST trataPeticion endpoint (refunds). */
export const SANDBOX_REST_PATH = '/api/payments/sandbox/rest';

/** Redsys' public test card; the only number the sandbox authorises, as in Redsys' test bed. */
export const SANDBOX_TEST_CARD = '4548810000000003';

export type AppEnv = 'local' | 'test' | 'production';

export function assertSandboxAllowed(appEnv: AppEnv): void {
  if (appEnv === 'production') {
    throw new Error(
      'The sandbox payment gateway is not allowed in production: its notifications are signed with ' +
        "Redsys' public test key, so anyone could forge a paid booking. Configure Redsys instead.",
    );
  }
}

/**
 * `fetch` lets tests answer the REST call with the sandbox route handler itself, so a refund
 * in an integration test runs the same signing, verification and ledger as on a server.
 */
export function createSandboxProvider({ siteUrl, fetch }: { siteUrl: string; fetch?: FetchLike }): PaymentProvider {
  return redsysProtocolProvider(SANDBOX_CREDENTIALS, {
    id: 'sandbox',
    // Relative: the browser posts to the host it is on. An absolute SITE_URL that differs from it
    // (another port, 127.0.0.1 for localhost) is refused by CSP form-action and the Pay button
    // silently does nothing. The return URLs in the signed request stay absolute, as Redsys needs;
    // so does the REST endpoint, which our server calls itself.
    action: SANDBOX_PAGE_PATH,
    restUrl: new URL(SANDBOX_REST_PATH, siteUrl).href,
    ...(fetch ? { fetch } : {}),
  });
}

/** Books an authorised notification in the sandbox ledger, as the bank would before sending it. */
export async function recordSandboxNotification(notification: SignedFields, target: SandboxLedger): Promise<void> {
  const params = decodeMerchantParameters(notification.Ds_MerchantParameters);
  const code = params?.Ds_Response;
  if (typeof code === 'string' && isAuthorisedResponse(code) && typeof params?.Ds_Order === 'string') {
    await target.authorise(params.Ds_Order, Number(params.Ds_Amount));
  }
}

const restRequestSchema = z.object({
  DS_MERCHANT_ORDER: z.string().refine(isValidOrderRef),
  DS_MERCHANT_AMOUNT: z.string().regex(/^[1-9]\d{0,11}$/),
  DS_MERCHANT_CURRENCY: z.string(),
  DS_MERCHANT_MERCHANTCODE: z.string(),
  DS_MERCHANT_TERMINAL: z.string(),
  DS_MERCHANT_TRANSACTIONTYPE: z.string(),
});

/**
 * What the sandbox's REST endpoint answers, as Redsys does: `{ errorCode }` for a request it
 * refuses before processing (bad signature SIS0042, unknown order SIS0059, more than is left
 * SIS0057, an operation other than a refund SIS0054), otherwise the operation's parameters
 * signed with the test key, Ds_Response 0900 for an accepted refund.
 */
export async function answerSandboxRest(
  body: unknown,
  options: { ledger: SandboxLedger; now?: Date },
): Promise<Record<string, string>> {
  const now = options.now ?? new Date();
  const books = options.ledger;
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const fields = Object.fromEntries(
    ['Ds_SignatureVersion', 'Ds_MerchantParameters', 'Ds_Signature'].map((k) => [k, String(record[k] ?? '')]),
  );
  const opened = openSignedFields(fields, SANDBOX_CREDENTIALS.secretKey, (p) => upperKeys(p).DS_MERCHANT_ORDER);
  if (!opened.ok) return { errorCode: opened.reason === 'badSignature' ? 'SIS0042' : 'SIS0041' };
  const parsed = restRequestSchema.safeParse(upperKeys(opened.params));
  if (!parsed.success) return { errorCode: 'SIS0041' };
  const params = parsed.data;
  if (params.DS_MERCHANT_MERCHANTCODE !== SANDBOX_CREDENTIALS.merchantCode) return { errorCode: 'SIS0026' };
  if (Number(params.DS_MERCHANT_TERMINAL) !== Number(SANDBOX_CREDENTIALS.terminal)) return { errorCode: 'SIS0026' };
  if (Number(params.DS_MERCHANT_CURRENCY) !== 978) return { errorCode: 'SIS0027' };
  if (params.DS_MERCHANT_TRANSACTIONTYPE !== REFUND_TRANSACTION_TYPE) return { errorCode: 'SIS0054' };
  const amountCents = Number(params.DS_MERCHANT_AMOUNT);
  const authorisationCode = String(randomInt(1_000_000)).padStart(6, '0');
  const booked = await books.refund(params.DS_MERCHANT_ORDER, amountCents, authorisationCode, now);
  if (!booked.ok) return { errorCode: booked.code };
  const answer = encodeMerchantParameters({
    Ds_Amount: String(amountCents),
    Ds_Currency: '978',
    Ds_Order: params.DS_MERCHANT_ORDER,
    Ds_MerchantCode: SANDBOX_CREDENTIALS.merchantCode,
    Ds_Terminal: SANDBOX_CREDENTIALS.terminal,
    Ds_Response: REFUND_ACCEPTED,
    Ds_AuthorisationCode: authorisationCode,
    Ds_TransactionType: REFUND_TRANSACTION_TYPE,
    Ds_SecurePayment: '0',
    Ds_Language: '1',
    Ds_MerchantData: '',
  });
  return {
    Ds_SignatureVersion: SIGNATURE_VERSION,
    Ds_MerchantParameters: answer,
    Ds_Signature: signMerchantParameters(SANDBOX_CREDENTIALS.secretKey, params.DS_MERCHANT_ORDER, answer),
  };
}

// ---------------------------------------------------------------------------------------------
// The test payment page

export interface SandboxRequest {
  orderRef: string;
  amountCents: number;
  currency: OperatorCurrency;
  description: string;
  locale: Locale;
  urls: { ok: string; ko: string; notify: string };
  payMethods?: PayMethodChoice;
}

export type SandboxRequestFailure =
  | 'malformed'
  | 'unsupportedSignatureVersion'
  | 'badSignature'
  | 'wrongMerchant'
  | 'wrongTerminal'
  | 'wrongCurrency'
  | 'unsupportedTransactionType'
  | 'foreignUrl';

export type SandboxRequestResult = { ok: true; request: SandboxRequest } | { ok: false; reason: SandboxRequestFailure };

const requestSchema = z.object({
  DS_MERCHANT_ORDER: z.string().refine(isValidOrderRef),
  DS_MERCHANT_AMOUNT: z.string().regex(/^[1-9]\d{0,11}$/),
  DS_MERCHANT_CURRENCY: z.string(),
  DS_MERCHANT_MERCHANTCODE: z.string(),
  DS_MERCHANT_TERMINAL: z.string(),
  DS_MERCHANT_TRANSACTIONTYPE: z.string(),
  DS_MERCHANT_MERCHANTURL: z.string(),
  DS_MERCHANT_URLOK: z.string(),
  DS_MERCHANT_URLKO: z.string(),
  DS_MERCHANT_CONSUMERLANGUAGE: z.string().optional(),
  DS_MERCHANT_PRODUCTDESCRIPTION: z.string().optional(),
  DS_MERCHANT_PAYMETHODS: z.string().optional(),
});

// Redsys reads parameter names case-insensitively (its manual mixes DS_MERCHANT_ORDER and
// Ds_Merchant_Order), so the stand-in does too.
function upperKeys(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key.toUpperCase(), value]));
}

function sameOrigin(url: string, siteOrigin: string): boolean {
  try {
    return new URL(url).origin === siteOrigin;
  } catch {
    return false;
  }
}

/**
 * Opens the form that createRedirect produced, as Redsys would: signature first, then the
 * merchant, terminal and currency the sandbox stands for. The return and notify URLs must be on
 * our own site: the test key is public, so without that check the page would post notifications
 * and redirect visitors to any address a stranger signs into a request.
 */
export function readSandboxRequest(fields: Record<string, string>, options: { siteUrl: string }): SandboxRequestResult {
  const opened = openSignedFields(
    fields,
    SANDBOX_CREDENTIALS.secretKey,
    (params) => upperKeys(params).DS_MERCHANT_ORDER,
  );
  if (!opened.ok) return opened;
  const parsed = requestSchema.safeParse(upperKeys(opened.params));
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const params = parsed.data;
  if (params.DS_MERCHANT_MERCHANTCODE !== SANDBOX_CREDENTIALS.merchantCode)
    return { ok: false, reason: 'wrongMerchant' };
  if (Number(params.DS_MERCHANT_TERMINAL) !== Number(SANDBOX_CREDENTIALS.terminal)) {
    return { ok: false, reason: 'wrongTerminal' };
  }
  if (Number(params.DS_MERCHANT_CURRENCY) !== 978) return { ok: false, reason: 'wrongCurrency' };
  if (params.DS_MERCHANT_TRANSACTIONTYPE !== '0') return { ok: false, reason: 'unsupportedTransactionType' };

  const siteOrigin = new URL(options.siteUrl).origin;
  const urls = { ok: params.DS_MERCHANT_URLOK, ko: params.DS_MERCHANT_URLKO, notify: params.DS_MERCHANT_MERCHANTURL };
  if (!Object.values(urls).every((url) => sameOrigin(url, siteOrigin))) return { ok: false, reason: 'foreignUrl' };

  const payMethods = payMethodFromCode(params.DS_MERCHANT_PAYMETHODS);
  return {
    ok: true,
    request: {
      orderRef: params.DS_MERCHANT_ORDER,
      amountCents: Number(params.DS_MERCHANT_AMOUNT),
      currency: OPERATOR_CURRENCY,
      description: params.DS_MERCHANT_PRODUCTDESCRIPTION ?? '',
      locale: localeFromConsumerLanguage(params.DS_MERCHANT_CONSUMERLANGUAGE) ?? 'ca',
      urls,
      ...(payMethods ? { payMethods } : {}),
    },
  };
}

// Redsys stamps notifications with Spanish local time, form-encoded.
const madridClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: OPERATOR_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function madridDateAndHour(now: Date): { date: string; hour: string } {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    madridClock.formatToParts(now).find((p) => p.type === type)?.value ?? '';
  return { date: `${part('day')}/${part('month')}/${part('year')}`, hour: `${part('hour')}:${part('minute')}` };
}

/** Response codes Redsys uses: authorised, card unknown to the service, refused without reason. */
const RESPONSE = { authorised: '0000', unknownCard: '0180', refused: '0190' } as const;
const PROCESSED = { card: '1', bizum: '68' } as const;
const VISA = '1';
const SPAIN = '724';

function outcome(
  request: SandboxRequest,
  decision: 'pay' | 'decline',
  card: string | undefined,
): { responseCode: string; via?: keyof typeof PROCESSED } {
  if (decision === 'decline') return { responseCode: RESPONSE.refused };
  // Bizum is confirmed in the payer's banking app; there is no card to type on the test page.
  if (request.payMethods === 'bizum') return { responseCode: RESPONSE.authorised, via: 'bizum' };
  if (card?.replace(/[\s-]/g, '') === SANDBOX_TEST_CARD) return { responseCode: RESPONSE.authorised, via: 'card' };
  return { responseCode: RESPONSE.unknownCard };
}

/**
 * The notification Redsys would POST to the notify URL for this request and decision, signed
 * with the test key so it goes through the same verification as a real one. The card number
 * only decides the outcome: it is never put in the notification (a visitor might type a real
 * one), and no masked number is either.
 */
export function sandboxNotification(
  request: SandboxRequest,
  decision: 'pay' | 'decline',
  card?: string,
  options: { now?: Date } = {},
): SignedFields {
  const now = options.now ?? new Date();
  const { date, hour } = madridDateAndHour(now);
  const { responseCode, via } = outcome(request, decision, card);
  const authorised = isAuthorisedResponse(responseCode);
  const params: Record<string, string> = {
    Ds_Date: encodeURIComponent(date),
    Ds_Hour: encodeURIComponent(hour),
    Ds_SecurePayment: authorised ? '1' : '0',
    ...(via === 'card' ? { Ds_Card_Country: SPAIN } : {}),
    Ds_Amount: String(request.amountCents),
    Ds_Currency: '978',
    Ds_Order: request.orderRef,
    Ds_MerchantCode: SANDBOX_CREDENTIALS.merchantCode,
    Ds_Terminal: SANDBOX_CREDENTIALS.terminal.padStart(3, '0'),
    Ds_Response: responseCode,
    Ds_MerchantData: '',
    Ds_TransactionType: '0',
    Ds_ConsumerLanguage: String(Number(CONSUMER_LANGUAGE[request.locale])),
    // Redsys sends six form-encoded spaces when nothing was authorised.
    Ds_AuthorisationCode: authorised ? String(randomInt(1_000_000)).padStart(6, '0') : '++++++',
    ...(via === 'card' ? { Ds_Card_Brand: VISA } : {}),
    ...(via ? { Ds_ProcessedPayMethod: PROCESSED[via] } : {}),
    [`Ds_Control_${now.getTime()}`]: String(now.getTime()),
  };
  const encoded = encodeMerchantParameters(params);
  return {
    Ds_SignatureVersion: SIGNATURE_VERSION,
    Ds_MerchantParameters: encoded,
    Ds_Signature: toBase64Url(signMerchantParameters(SANDBOX_CREDENTIALS.secretKey, request.orderRef, encoded)),
  };
}

/**
 * Where the test page sends the visitor afterwards: the ok or ko URL with the signed fields in
 * the query string, as Redsys does. The shop must not trust this return (docs/domain-rules.md#payment-confirmation);
 * it only decides which page the visitor sees.
 */
export function sandboxReturnUrl(request: SandboxRequest, notification: SignedFields): string {
  const code = decodeMerchantParameters(notification.Ds_MerchantParameters)?.Ds_Response;
  const target = new URL(typeof code === 'string' && isAuthorisedResponse(code) ? request.urls.ok : request.urls.ko);
  target.searchParams.set('Ds_SignatureVersion', notification.Ds_SignatureVersion);
  target.searchParams.set('Ds_MerchantParameters', notification.Ds_MerchantParameters);
  target.searchParams.set('Ds_Signature', notification.Ds_Signature);
  return target.href;
}
