import 'server-only';

import { createCipheriv, createHmac, randomInt, timingSafeEqual } from 'node:crypto';

import {
  CURRENCIES,
  PRODUCTION_URLS,
  SANDBOX_URLS,
  TRANSACTION_TYPES,
  serializeAndSignJSONRequest,
  type RedirectInputParams,
} from 'redsys-easy';
import { z } from 'zod';

import type { Locale } from '../i18n/locales';
import {
  checkAgainstOrder,
  type ExpectedPayment,
  type NotificationResult,
  type PayMethodChoice,
  type PaymentProvider,
  type PaymentProviderId,
  type ProcessedPayMethod,
  type RedirectForm,
  type RedirectInput,
  type RefundInput,
  type RefundResult,
  type SignedFields,
  type VerifiedNotification,
} from './provider';
import { OPERATOR_CURRENCY } from '../lib/operator';

/**
 * The Redsys redirect protocol ("Redirección", HMAC_SHA256_V1).
 *
 * redsys-easy builds and signs the outgoing request (its serialisation is what Redsys' own
 * examples produce). Verification is our own, on node:crypto, for three reasons: redsys-easy
 * compares signatures with Buffer.equals (not constant-time), its base64 decoding silently skips
 * invalid characters, and its `isResponseCodeOk` also accepts 0400/0900 (cancellation, refund),
 * which must never confirm a booking. The sandbox also needs to sign notifications (keyed by
 * Ds_Order), which redsys-easy does not expose. Both halves are cross-checked in the tests.
 */

export interface RedsysConfig {
  /** FUC: the 9-digit merchant code Redsys assigns. */
  merchantCode: string;
  terminal: string;
  /** The base64 "clave de firma SHA-256" from the Redsys back office. */
  secretKey: string;
  environment: 'test' | 'production';
}

export const SIGNATURE_VERSION = 'HMAC_SHA256_V1';

export const REDSYS_ENDPOINTS = {
  test: SANDBOX_URLS.redirect,
  production: PRODUCTION_URLS.redirect,
} as const satisfies Record<RedsysConfig['environment'], string>;

/** The REST "trataPeticion" endpoint, which takes refunds (transaction type 3). */
export const REDSYS_REST_ENDPOINTS = {
  test: SANDBOX_URLS.restTrataPeticion,
  production: PRODUCTION_URLS.restTrataPeticion,
} as const satisfies Record<RedsysConfig['environment'], string>;

const EUR_NUMERIC = CURRENCIES[OPERATOR_CURRENCY].num;

/**
 * Redsys documents the three-digit form; redsys-easy's LANGUAGES map has the unpadded one.
 * Redsys accepts both, we send what its manual shows.
 */
export type ConsumerLanguageCode = '001' | '002' | '003' | '004';
export const CONSUMER_LANGUAGE: Record<Locale, ConsumerLanguageCode> = {
  es: '001',
  en: '002',
  ca: '003',
  fr: '004',
};

export function localeFromConsumerLanguage(code: unknown): Locale | undefined {
  if (typeof code !== 'string' || !/^\d{1,3}$/.test(code)) return undefined;
  const wanted = Number(code);
  const match = Object.entries(CONSUMER_LANGUAGE).find(([, value]) => Number(value) === wanted);
  return match?.[0] as Locale | undefined;
}

/** Ds_Merchant_PayMethods: 'C' restricts the gateway to cards, 'z' to Bizum. */
export const PAY_METHOD_CODE: Record<PayMethodChoice, string> = { card: 'C', bizum: 'z' };

export function payMethodFromCode(code: unknown): PayMethodChoice | undefined {
  if (code === 'C' || code === 'c') return 'card';
  if (code === 'z' || code === 'Z') return 'bizum';
  return undefined;
}

// Ds_ProcessedPayMethod values that are neither a card nor Bizum: direct debit, transfer,
// PayPal, Amazon Pay, account payment. Everything else Redsys lists is a card scheme or a card
// wallet (Google Pay, Apple Pay).
const BIZUM_PROCESSED = '68';
const NON_CARD_PROCESSED = new Set(['41', '42', '54', '77', '107']);

// ---------------------------------------------------------------------------------------------
// Order references

/**
 * Redsys' Ds_Merchant_Order: 4 to 12 characters, the first 4 digits, the rest ASCII letters or
 * digits. Redsys refuses a number it has already seen for the merchant (SIS0051), so a ref names
 * one payment attempt, not a booking.
 */
const ORDER_REF = /^[0-9]{4}[0-9A-Za-z]{0,8}$/;

export function isValidOrderRef(value: unknown): value is string {
  return typeof value === 'string' && ORDER_REF.test(value);
}

// Upper case only: refs are read over the phone and typed into the Redsys back office search,
// where "0a" and "0A" would be two different orders.
const ORDER_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MAX_SEQUENCE = 1e12;

/**
 * With a number (e.g. from a database sequence): that number as 12 digits, unique as long as the
 * sequence is. Without: 4 random digits and 8 random letters/digits (about 2.8e16 values), from
 * the CSPRNG so refs cannot be guessed from one another.
 */
export function makeOrderRef(sequenceNumber?: number): string {
  if (sequenceNumber === undefined) {
    let ref = String(randomInt(10_000)).padStart(4, '0');
    for (let i = 0; i < 8; i++) ref += ORDER_ALPHABET.charAt(randomInt(ORDER_ALPHABET.length));
    return ref;
  }
  if (!Number.isSafeInteger(sequenceNumber) || sequenceNumber < 0 || sequenceNumber >= MAX_SEQUENCE) {
    throw new RangeError(`An order sequence number must be a whole number from 0 to ${MAX_SEQUENCE - 1}`);
  }
  return String(sequenceNumber).padStart(12, '0');
}

// ---------------------------------------------------------------------------------------------
// Signatures

const STRICT_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A Redsys key is 24 bytes (a 3DES key), given as 32 base64 characters. */
export function isValidSecretKey(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length % 4 === 0 &&
    STRICT_BASE64.test(value) &&
    Buffer.from(value, 'base64').length === 24
  );
}

/** The per-order key: the order number encrypted with 3DES-CBC, zero IV, zero padding. */
export function deriveOrderKey(secretKey: string, order: string): Buffer {
  const data = Buffer.from(order, 'utf8');
  const padded = Buffer.concat([data, Buffer.alloc((8 - (data.length % 8)) % 8)]);
  const cipher = createCipheriv('des-ede3-cbc', Buffer.from(secretKey, 'base64'), Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

/** HMAC-SHA256, keyed per order, over Ds_MerchantParameters exactly as sent; standard base64. */
export function signMerchantParameters(secretKey: string, order: string, merchantParameters: string): string {
  return createHmac('sha256', deriveOrderKey(secretKey, order)).update(merchantParameters, 'utf8').digest('base64');
}

/** Redsys' own notifications carry the signature in this form: URL alphabet, padding kept. */
export function toBase64Url(base64: string): string {
  return base64.replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * Brings base64 or base64url to canonical padded base64. Comparing canonical strings rather than
 * decoded bytes matters: the last character of a 32-byte base64 value carries two unused bits,
 * so several different strings decode to the same bytes, and a changed character must not pass.
 */
function canonicalBase64(value: string): string | undefined {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return undefined;
  const unpadded = value.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (unpadded.length % 4 === 1) return undefined;
  return unpadded + '='.repeat((4 - (unpadded.length % 4)) % 4);
}

/** Constant-time: the only thing the comparison reveals is a length mismatch, and lengths are public. */
export function signatureMatches(expectedBase64: string, received: string): boolean {
  const expected = Buffer.from(expectedBase64, 'utf8');
  const actual = Buffer.from(canonicalBase64(received) ?? '', 'utf8');
  if (actual.length !== expected.length) return false;
  return timingSafeEqual(actual, expected);
}

// ---------------------------------------------------------------------------------------------
// Ds_MerchantParameters

// Real notifications are about 1 KB; the cap keeps a hostile POST from costing a large parse.
const MAX_PARAMETERS_LENGTH = 16_384;

export function encodeMerchantParameters(params: object): string {
  return Buffer.from(JSON.stringify(params), 'utf8').toString('base64');
}

/** Base64 or base64url JSON object, or undefined when it is anything else. */
export function decodeMerchantParameters(encoded: string): Record<string, unknown> | undefined {
  if (encoded.length > MAX_PARAMETERS_LENGTH) return undefined;
  const canonical = canonicalBase64(encoded);
  if (canonical === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(canonical, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  return parsed as Record<string, unknown>;
}

/**
 * Redsys form-encodes notification values ("21%2F11%2F2026", "18%3A03", a declined
 * authorisation code as "++++++"). A value that is not valid encoding is kept as sent.
 */
export function formDecodeValues(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => {
      if (typeof value !== 'string') return [key, value];
      try {
        return [key, decodeURIComponent(value.replace(/\+/g, ' '))];
      } catch {
        return [key, value];
      }
    }),
  );
}

export type SignedFieldsResult =
  | { ok: true; params: Record<string, unknown> }
  | { ok: false; reason: 'malformed' | 'unsupportedSignatureVersion' | 'badSignature' };

/**
 * The part shared by notifications and (in the sandbox) requests: decode the parameters, find the
 * order that keys the signature, check the signature. Nothing in the parameters is trusted until
 * this returns ok.
 */
export function openSignedFields(
  fields: Record<string, string | undefined>,
  secretKey: string,
  orderOf: (params: Record<string, unknown>) => unknown,
): SignedFieldsResult {
  const version = fields.Ds_SignatureVersion;
  const encoded = fields.Ds_MerchantParameters;
  const signature = fields.Ds_Signature;
  if (typeof version !== 'string' || typeof encoded !== 'string' || typeof signature !== 'string') {
    return { ok: false, reason: 'malformed' };
  }
  if (version !== SIGNATURE_VERSION) return { ok: false, reason: 'unsupportedSignatureVersion' };
  const params = decodeMerchantParameters(encoded);
  if (!params) return { ok: false, reason: 'malformed' };
  const order = orderOf(params);
  if (typeof order !== 'string' || order.length === 0 || order.length > 12) return { ok: false, reason: 'malformed' };
  if (!signatureMatches(signMerchantParameters(secretKey, order, encoded), signature)) {
    return { ok: false, reason: 'badSignature' };
  }
  return { ok: true, params };
}

// ---------------------------------------------------------------------------------------------
// Response codes

/** Ds_Response 0000–0099 is an authorisation; 0101+ are refusals, 0400/0900 other operations. */
export function isAuthorisedResponse(code: string): boolean {
  return /^\d{1,4}$/.test(code) && Number(code) <= 99;
}

function normaliseResponseCode(code: string): string {
  return /^\d{1,4}$/.test(code) ? code.padStart(4, '0') : code;
}

function sameNumericCode(a: string, b: string): boolean {
  return a.replace(/^0+(?=\d)/, '') === b.replace(/^0+(?=\d)/, '');
}

// ---------------------------------------------------------------------------------------------
// Configuration

const required = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : 'must be a string'),
};

const configSchema = z.object({
  merchantCode: z.string(required).regex(/^\d{9}$/, 'must be the 9-digit merchant code (FUC) Redsys assigned'),
  terminal: z.string(required).regex(/^\d{1,3}$/, 'must be the terminal number (1 to 3 digits)'),
  secretKey: z
    .string(required)
    .refine(isValidSecretKey, 'must be the SHA-256 signing key from the Redsys back office (32 base64 characters)'),
  environment: z.enum(['test', 'production'], { error: "must be 'test' or 'production'" }),
});

/** Validates a Redsys configuration; the error names the fields at fault, never their values. */
export function parseRedsysConfig(input: unknown): RedsysConfig {
  const result = configSchema.safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - redsys.${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid Redsys configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

// ---------------------------------------------------------------------------------------------
// Requests

const MAX_URL_LENGTH = 250;
const MAX_DESCRIPTION_LENGTH = 125;
const MAX_AMOUNT_CENTS = 999_999_999_999;

/** redsys-easy types the language as its unpadded codes; we send the documented padded ones. */
export type RedsysRedirectParams = Omit<RedirectInputParams, 'DS_MERCHANT_CONSUMERLANGUAGE'> & {
  DS_MERCHANT_CONSUMERLANGUAGE: ConsumerLanguageCode;
};

function assertUrl(value: string, what: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RangeError(`The ${what} URL is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RangeError(`The ${what} URL must be http(s)`);
  if (value.length > MAX_URL_LENGTH) throw new RangeError(`The ${what} URL is longer than Redsys accepts (250)`);
}

export function buildRedirectParams(config: RedsysConfig, input: RedirectInput): RedsysRedirectParams {
  if (!isValidOrderRef(input.orderRef)) {
    throw new RangeError('The order ref must be 4 digits followed by up to 8 letters or digits');
  }
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > MAX_AMOUNT_CENTS) {
    throw new RangeError('The amount must be a positive whole number of cents');
  }
  assertUrl(input.urls.ok, 'ok');
  assertUrl(input.urls.ko, 'ko');
  assertUrl(input.urls.notify, 'notify');
  const params: RedsysRedirectParams = {
    DS_MERCHANT_AMOUNT: String(input.amountCents),
    DS_MERCHANT_ORDER: input.orderRef,
    DS_MERCHANT_MERCHANTCODE: config.merchantCode,
    DS_MERCHANT_CURRENCY: EUR_NUMERIC,
    DS_MERCHANT_TRANSACTIONTYPE: TRANSACTION_TYPES.AUTHORIZATION,
    DS_MERCHANT_TERMINAL: config.terminal,
    DS_MERCHANT_MERCHANTURL: input.urls.notify,
    DS_MERCHANT_URLOK: input.urls.ok,
    DS_MERCHANT_URLKO: input.urls.ko,
    DS_MERCHANT_CONSUMERLANGUAGE: CONSUMER_LANGUAGE[input.locale],
    // Cut by code point so an accent or emoji at the limit is never split in half.
    DS_MERCHANT_PRODUCTDESCRIPTION: Array.from(input.description.trim()).slice(0, MAX_DESCRIPTION_LENGTH).join(''),
  };
  if (input.payMethods) params.DS_MERCHANT_PAYMETHODS = PAY_METHOD_CODE[input.payMethods];
  return params;
}

// ---------------------------------------------------------------------------------------------
// Notifications

const notificationSchema = z.object({
  Ds_Order: z.string().regex(ORDER_REF),
  Ds_Amount: z.string().regex(/^\d{1,12}$/),
  Ds_Currency: z.string().regex(/^\d{1,3}$/),
  Ds_MerchantCode: z.string().regex(/^\d{1,9}$/),
  Ds_Terminal: z.string().regex(/^\d{1,3}$/),
  Ds_Response: z.string().trim().min(1).max(8),
  Ds_TransactionType: z.string().trim(),
  Ds_AuthorisationCode: z.string().optional(),
  Ds_ProcessedPayMethod: z.string().optional(),
  Ds_Card_Brand: z.string().optional(),
});

function processedPayMethod(params: z.infer<typeof notificationSchema>): ProcessedPayMethod | undefined {
  const code = params.Ds_ProcessedPayMethod?.trim();
  if (code === BIZUM_PROCESSED) return 'bizum';
  if (code && NON_CARD_PROCESSED.has(code)) return 'other';
  if (code && /^\d+$/.test(code)) return 'card';
  // Older notifications carry no processed method; a card brand still tells us it was a card.
  return params.Ds_Card_Brand?.trim() ? 'card' : undefined;
}

export function verifyRedsysNotification(
  config: RedsysConfig,
  fields: Record<string, string>,
  expected?: ExpectedPayment,
): NotificationResult {
  const opened = openSignedFields(fields, config.secretKey, (params) => params.Ds_Order);
  if (!opened.ok) return opened;
  const parsed = notificationSchema.safeParse(formDecodeValues(opened.params));
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const params = parsed.data;
  if (!sameNumericCode(params.Ds_MerchantCode, config.merchantCode)) return { ok: false, reason: 'wrongMerchant' };
  if (!sameNumericCode(params.Ds_Terminal, config.terminal)) return { ok: false, reason: 'wrongTerminal' };
  if (!sameNumericCode(params.Ds_Currency, EUR_NUMERIC)) return { ok: false, reason: 'wrongCurrency' };
  // A refund or cancellation made in the Redsys back office is notified to the same URL; it is
  // not a payment and must not be read as one (or as a refusal of one).
  if (params.Ds_TransactionType !== TRANSACTION_TYPES.AUTHORIZATION) {
    return { ok: false, reason: 'unsupportedTransactionType' };
  }

  const responseCode = normaliseResponseCode(params.Ds_Response);
  const authorized = isAuthorisedResponse(responseCode);
  const authorisationCode = params.Ds_AuthorisationCode?.trim();
  const payMethod = processedPayMethod(params);
  const notification: VerifiedNotification = {
    ok: true,
    orderRef: params.Ds_Order,
    amountCents: Number(params.Ds_Amount),
    currency: OPERATOR_CURRENCY,
    authorized,
    responseCode,
    ...(authorized && authorisationCode ? { authorisationCode } : {}),
    ...(payMethod ? { payMethod } : {}),
  };
  if (expected) {
    const check = checkAgainstOrder(notification, expected);
    if (!check.ok) return check;
  }
  return notification;
}

// ---------------------------------------------------------------------------------------------
// Refunds (REST, transaction type 3)

/** Redsys' transaction type for a refund ("devolución") of an authorised payment. */
export const REFUND_TRANSACTION_TYPE = '3';
/** Ds_Response of an accepted refund or confirmation. */
export const REFUND_ACCEPTED = '0900';
/** How long a refund request may take before its outcome counts as unknown. */
const REFUND_TIMEOUT_MS = 20_000;

export type RefundParams = {
  DS_MERCHANT_ORDER: string;
  DS_MERCHANT_AMOUNT: string;
  DS_MERCHANT_CURRENCY: string;
  DS_MERCHANT_MERCHANTCODE: string;
  DS_MERCHANT_TERMINAL: string;
  DS_MERCHANT_TRANSACTIONTYPE: string;
};

export function buildRefundParams(config: RedsysConfig, input: RefundInput): RefundParams {
  if (!isValidOrderRef(input.orderRef)) throw new RangeError('The order ref of a refund is not a Redsys order');
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > MAX_AMOUNT_CENTS) {
    throw new RangeError('A refund must be a positive whole number of cents');
  }
  return {
    DS_MERCHANT_ORDER: input.orderRef,
    DS_MERCHANT_AMOUNT: String(input.amountCents),
    DS_MERCHANT_CURRENCY: EUR_NUMERIC,
    DS_MERCHANT_MERCHANTCODE: config.merchantCode,
    DS_MERCHANT_TERMINAL: config.terminal,
    DS_MERCHANT_TRANSACTIONTYPE: REFUND_TRANSACTION_TYPE,
  };
}

const refundAnswerSchema = z.object({
  Ds_Order: z.string(),
  Ds_Amount: z.string().regex(/^\d{1,12}$/),
  Ds_MerchantCode: z.string(),
  Ds_Terminal: z.string(),
  Ds_Response: z.string().trim().min(1).max(8),
  Ds_TransactionType: z.string().trim(),
  Ds_AuthorisationCode: z.string().optional(),
});

/**
 * Reads Redsys' answer to a refund request: `{ errorCode: "SIS…" }` (refused before processing)
 * or the signed parameters of the operation, whose signature, order, amount and type must match
 * what we asked before 0900 counts as money returned.
 */
export function readRefundAnswer(config: RedsysConfig, input: RefundInput, body: unknown): RefundResult {
  const answer = JSON.stringify(body ?? null).slice(0, 2000);
  if (typeof body !== 'object' || body === null) return { ok: false, outcome: 'unknown', code: 'malformed', answer };
  const record = body as Record<string, unknown>;
  if (typeof record.errorCode === 'string') return { ok: false, outcome: 'refused', code: record.errorCode, answer };
  const fields = Object.fromEntries(
    ['Ds_SignatureVersion', 'Ds_MerchantParameters', 'Ds_Signature'].map((k) => [k, String(record[k] ?? '')]),
  );
  const opened = openSignedFields(fields, config.secretKey, (params) => params.Ds_Order);
  if (!opened.ok) return { ok: false, outcome: 'unknown', code: opened.reason, answer };
  const parsed = refundAnswerSchema.safeParse(formDecodeValues(opened.params));
  if (!parsed.success) return { ok: false, outcome: 'unknown', code: 'malformed', answer };
  const params = parsed.data;
  const matches =
    params.Ds_Order === input.orderRef &&
    Number(params.Ds_Amount) === input.amountCents &&
    sameNumericCode(params.Ds_MerchantCode, config.merchantCode) &&
    sameNumericCode(params.Ds_Terminal, config.terminal) &&
    params.Ds_TransactionType === REFUND_TRANSACTION_TYPE;
  if (!matches) return { ok: false, outcome: 'unknown', code: 'mismatch', answer };
  const responseCode = normaliseResponseCode(params.Ds_Response);
  if (responseCode !== REFUND_ACCEPTED) return { ok: false, outcome: 'refused', code: responseCode, answer };
  const authorisationCode = params.Ds_AuthorisationCode?.trim();
  return { ok: true, responseCode, ...(authorisationCode ? { authorisationCode } : {}), answer };
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** One refund through the REST interface, signed like the redirect (HMAC_SHA256_V1, keyed by the order). */
export async function requestRedsysRefund(
  config: RedsysConfig,
  url: string,
  input: RefundInput,
  fetchImpl: FetchLike = fetch,
): Promise<RefundResult> {
  const body = serializeAndSignJSONRequest(config.secretKey, buildRefundParams(config, input));
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REFUND_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, outcome: 'unknown', code: 'unreachable', answer: String(error).slice(0, 500) };
  }
  const text = await response.text().catch(() => '');
  if (!response.ok)
    return { ok: false, outcome: 'unknown', code: `http${response.status}`, answer: text.slice(0, 500) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, outcome: 'unknown', code: 'malformed', answer: text.slice(0, 500) };
  }
  return readRefundAnswer(config, input, parsed);
}

// ---------------------------------------------------------------------------------------------
// Provider

/** The protocol with a given form target; the sandbox reuses it with its own action. */
export function redsysProtocolProvider(
  config: RedsysConfig,
  target: { id: PaymentProviderId; action: string; restUrl: string; fetch?: FetchLike },
): PaymentProvider {
  return {
    id: target.id,
    createRedirect(input): RedirectForm {
      const signed = serializeAndSignJSONRequest(config.secretKey, buildRedirectParams(config, input));
      const fields: SignedFields = {
        Ds_SignatureVersion: signed.Ds_SignatureVersion,
        Ds_MerchantParameters: signed.Ds_MerchantParameters,
        Ds_Signature: signed.Ds_Signature,
      };
      return { action: target.action, method: 'POST', fields };
    },
    verifyNotification(fields, expected) {
      return verifyRedsysNotification(config, fields, expected);
    },
    refund(input) {
      return requestRedsysRefund(config, target.restUrl, input, target.fetch);
    },
  };
}

export function createRedsysProvider(config: RedsysConfig): PaymentProvider {
  const checked = parseRedsysConfig(config);
  return redsysProtocolProvider(checked, {
    id: 'redsys',
    action: REDSYS_ENDPOINTS[checked.environment],
    restUrl: REDSYS_REST_ENDPOINTS[checked.environment],
  });
}
