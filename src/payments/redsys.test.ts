import { deserializeAndVerifyJSONResponse, randomTransactionId, serializeAndSignJSONRequest } from 'redsys-easy';
import { describe, expect, it, vi } from 'vitest';

import type { RedirectInput } from './provider';
import {
  CONSUMER_LANGUAGE,
  REDSYS_ENDPOINTS,
  createRedsysProvider,
  decodeMerchantParameters,
  deriveOrderKey,
  encodeMerchantParameters,
  isValidOrderRef,
  makeOrderRef,
  parseRedsysConfig,
  signMerchantParameters,
  signatureMatches,
  toBase64Url,
  type RedsysConfig,
} from './redsys';

vi.mock('server-only', () => ({}));

// Redsys' public test merchant. The published vectors below use it (or the key of Redsys' manual).
const TEST_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const testConfig: RedsysConfig = { merchantCode: '999008881', terminal: '1', secretKey: TEST_KEY, environment: 'test' };

/*
 * Known-answer vectors, as published in redsys-easy's test fixtures (test/fixtures/rest/redirect.ts
 * and notification.ts). The two notifications were produced by Redsys, not by a library: one is
 * the example of Redsys' integration manual (key Mk9m…, terminal 871), the other a notification
 * from Redsys' test environment (22/10/2021) with its base64url signature.
 */
const katRequest = {
  DS_MERCHANT_TRANSACTIONTYPE: '0',
  DS_MERCHANT_ORDER: '0726qI3H7sZx',
  DS_MERCHANT_MERCHANTCODE: '999008881',
  DS_MERCHANT_TERMINAL: '1',
  DS_MERCHANT_AMOUNT: '4999',
  DS_MERCHANT_CURRENCY: '978',
  DS_MERCHANT_MERCHANTURL: 'http://www.prueba.com/urlNotificacion.php',
  DS_MERCHANT_URLOK: 'http://www.prueba.com/urlOK.php',
  DS_MERCHANT_URLKO: 'http://www.prueba.com/urlKO.php',
} as const;
const katRequestParameters =
  'eyJEU19NRVJDSEFOVF9UUkFOU0FDVElPTlRZUEUiOiIwIiwiRFNfTUVSQ0hBTlRfT1JERVIiOiIwNzI2cUkzSDdzWngiLCJEU19NRVJDSEFOVF9NRVJDSEFOVENPREUiOiI5OTkwMDg4ODEiLCJEU19NRVJDSEFOVF9URVJNSU5BTCI6IjEiLCJEU19NRVJDSEFOVF9BTU9VTlQiOiI0OTk5IiwiRFNfTUVSQ0hBTlRfQ1VSUkVOQ1kiOiI5NzgiLCJEU19NRVJDSEFOVF9NRVJDSEFOVFVSTCI6Imh0dHA6Ly93d3cucHJ1ZWJhLmNvbS91cmxOb3RpZmljYWNpb24ucGhwIiwiRFNfTUVSQ0hBTlRfVVJMT0siOiJodHRwOi8vd3d3LnBydWViYS5jb20vdXJsT0sucGhwIiwiRFNfTUVSQ0hBTlRfVVJMS08iOiJodHRwOi8vd3d3LnBydWViYS5jb20vdXJsS08ucGhwIn0=';
const katRequestSignature = 'TyW+LIa2GZnhCPLM7JSPwbQn4ZjOvMO/KiIf4yJgwo8=';

const redsysTestNotification = {
  Ds_SignatureVersion: 'HMAC_SHA256_V1',
  Ds_MerchantParameters:
    'eyJEc19EYXRlIjoiMjIlMkYxMCUyRjIwMjEiLCJEc19Ib3VyIjoiMjIlM0E1MSIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQ2FyZF9OdW1iZXIiOiI0NTQ4ODEqKioqKiowMDA0IiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiNDk5OSIsIkRzX0N1cnJlbmN5IjoiOTc4IiwiRHNfT3JkZXIiOiIwNzI2cUkzSDdzWngiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6IjAwMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDUyMDI5IiwiRHNfQ2FyZF9CcmFuZCI6IjEiLCJEc19Qcm9jZXNzZWRQYXlNZXRob2QiOiIxIn0=',
  Ds_Signature: '52nPyUkyDws__OfMqDka_yN-arxzulELZC1TYTvvR0s=',
};

const manualKey = 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev';
const manualNotification = {
  Ds_SignatureVersion: 'HMAC_SHA256_V1',
  Ds_MerchantParameters:
    'eyJEc19EYXRlIjoiMDklMkYxMSUyRjIwMTUiLCJEc19Ib3VyIjoiMTglM0EwMyIsIkRzX1NlY3VyZVBheW1lbnQiOiIwIiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiMTQ1IiwiRHNfQ3VycmVuY3kiOiI5NzgiLCJEc19PcmRlciI6IjAwNjkiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6Ijg3MSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDgyMTUwIn0=',
  Ds_Signature: '6DVpRPAPoChZh2cgaWnLqlfFsKeXdRfAO_tz-UrxJcU=',
};

/** A notification as Redsys would send it for `testConfig`, with any field overridden. */
function signedNotification(overrides: Record<string, string> = {}, key = TEST_KEY) {
  const params = {
    Ds_Date: '21%2F11%2F2026',
    Ds_Hour: '10%3A15',
    Ds_SecurePayment: '1',
    Ds_Amount: '4250',
    Ds_Currency: '978',
    Ds_Order: '0042ABCD1234',
    Ds_MerchantCode: '999008881',
    Ds_Terminal: '001',
    Ds_Response: '0000',
    Ds_MerchantData: '',
    Ds_TransactionType: '0',
    Ds_ConsumerLanguage: '3',
    Ds_AuthorisationCode: '123456',
    Ds_Card_Brand: '1',
    Ds_ProcessedPayMethod: '78',
    ...overrides,
  };
  const encoded = encodeMerchantParameters(params);
  return {
    Ds_SignatureVersion: 'HMAC_SHA256_V1',
    Ds_MerchantParameters: encoded,
    Ds_Signature: toBase64Url(signMerchantParameters(key, params.Ds_Order, encoded)),
  };
}

const redirectInput: RedirectInput = {
  orderRef: '0042ABCD1234',
  amountCents: 4250,
  description: 'Golondrinas: Port tour, 2 adults',
  locale: 'ca',
  urls: {
    ok: 'https://example.com/reserva/ok',
    ko: 'https://example.com/reserva/ko',
    notify: 'https://example.com/api/payments/notify',
  },
};

function changeCharAt(value: string, index: number): string {
  const current = value.charAt(index);
  const replacement = current === 'A' ? 'B' : 'A';
  return value.slice(0, index) + replacement + value.slice(index + 1);
}

describe('HMAC_SHA256_V1 known answers', () => {
  it('derives the per-order 3DES key', () => {
    expect(deriveOrderKey(TEST_KEY, '0726qI3H7sZx').toString('base64')).toBe('GViV77kFjMPKVUcE9qxzlg==');
    expect(deriveOrderKey(manualKey, '0069').toString('base64')).toBe('0mL++6eIic8=');
  });

  it('encodes and signs the published request', () => {
    expect(encodeMerchantParameters(katRequest)).toBe(katRequestParameters);
    expect(signMerchantParameters(TEST_KEY, katRequest.DS_MERCHANT_ORDER, katRequestParameters)).toBe(
      katRequestSignature,
    );
  });

  it('accepts a notification Redsys sent from its test environment', () => {
    const provider = createRedsysProvider(testConfig);
    expect(provider.verifyNotification(redsysTestNotification)).toEqual({
      ok: true,
      orderRef: '0726qI3H7sZx',
      amountCents: 4999,
      currency: 'EUR',
      authorized: true,
      responseCode: '0000',
      authorisationCode: '052029',
      payMethod: 'card',
    });
  });

  it("accepts the example notification of Redsys' manual", () => {
    const provider = createRedsysProvider({ ...testConfig, secretKey: manualKey, terminal: '871' });
    expect(provider.verifyNotification(manualNotification)).toMatchObject({
      ok: true,
      orderRef: '0069',
      amountCents: 145,
      authorized: true,
      authorisationCode: '082150',
    });
  });
});

describe('agreement with redsys-easy', () => {
  it('signs like redsys-easy for many orders and payloads', () => {
    for (let i = 0; i < 50; i++) {
      const request = { ...katRequest, DS_MERCHANT_ORDER: makeOrderRef(), DS_MERCHANT_AMOUNT: String(i * 137 + 1) };
      const theirs = serializeAndSignJSONRequest(TEST_KEY, request);
      expect(encodeMerchantParameters(request)).toBe(theirs.Ds_MerchantParameters);
      expect(signMerchantParameters(TEST_KEY, request.DS_MERCHANT_ORDER, theirs.Ds_MerchantParameters)).toBe(
        theirs.Ds_Signature,
      );
    }
  });

  it('produces notifications redsys-easy verifies', () => {
    const notification = signedNotification();
    expect(() => deserializeAndVerifyJSONResponse(TEST_KEY, notification)).not.toThrow();
  });

  it('produces order refs in the shape redsys-easy generates, and accepts its refs', () => {
    for (let i = 0; i < 200; i++) expect(isValidOrderRef(randomTransactionId())).toBe(true);
  });
});

describe('createRedirect', () => {
  const provider = createRedsysProvider(testConfig);

  it('posts the signed parameters to the environment endpoint', () => {
    const form = provider.createRedirect(redirectInput);
    expect(form.action).toBe('https://sis-t.redsys.es:25443/sis/realizarPago');
    expect(form.method).toBe('POST');
    expect(form.fields.Ds_SignatureVersion).toBe('HMAC_SHA256_V1');
    expect(signMerchantParameters(TEST_KEY, '0042ABCD1234', form.fields.Ds_MerchantParameters)).toBe(
      form.fields.Ds_Signature,
    );
    expect(decodeMerchantParameters(form.fields.Ds_MerchantParameters)).toEqual({
      DS_MERCHANT_AMOUNT: '4250',
      DS_MERCHANT_ORDER: '0042ABCD1234',
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_MERCHANTURL: 'https://example.com/api/payments/notify',
      DS_MERCHANT_URLOK: 'https://example.com/reserva/ok',
      DS_MERCHANT_URLKO: 'https://example.com/reserva/ko',
      DS_MERCHANT_CONSUMERLANGUAGE: '003',
      DS_MERCHANT_PRODUCTDESCRIPTION: 'Golondrinas: Port tour, 2 adults',
    });
  });

  it('uses the production endpoint in production', () => {
    const production = createRedsysProvider({ ...testConfig, environment: 'production' });
    expect(production.createRedirect(redirectInput).action).toBe('https://sis.redsys.es/sis/realizarPago');
    expect(REDSYS_ENDPOINTS).toEqual({
      test: 'https://sis-t.redsys.es:25443/sis/realizarPago',
      production: 'https://sis.redsys.es/sis/realizarPago',
    });
  });

  it('sends the Redsys language code of each locale', () => {
    expect(CONSUMER_LANGUAGE).toEqual({ ca: '003', es: '001', en: '002', fr: '004' });
    for (const locale of ['ca', 'es', 'en', 'fr'] as const) {
      const params = decodeMerchantParameters(
        provider.createRedirect({ ...redirectInput, locale }).fields.Ds_MerchantParameters,
      );
      expect(params?.DS_MERCHANT_CONSUMERLANGUAGE).toBe(CONSUMER_LANGUAGE[locale]);
    }
  });

  it('restricts the pay method only when asked', () => {
    const methodOf = (payMethods?: 'card' | 'bizum') =>
      decodeMerchantParameters(
        provider.createRedirect(payMethods ? { ...redirectInput, payMethods } : redirectInput).fields
          .Ds_MerchantParameters,
      )?.DS_MERCHANT_PAYMETHODS;
    expect(methodOf('bizum')).toBe('z');
    expect(methodOf('card')).toBe('C');
    expect(methodOf()).toBeUndefined();
  });

  it('cuts the description to 125 characters without splitting one', () => {
    const description = 'é'.repeat(130);
    const params = decodeMerchantParameters(
      provider.createRedirect({ ...redirectInput, description }).fields.Ds_MerchantParameters,
    );
    expect(params?.DS_MERCHANT_PRODUCTDESCRIPTION).toBe('é'.repeat(125));
  });

  it('refuses input only a bug could produce', () => {
    expect(() => provider.createRedirect({ ...redirectInput, orderRef: 'ABCD1234' })).toThrow(RangeError);
    expect(() => provider.createRedirect({ ...redirectInput, amountCents: 0 })).toThrow(RangeError);
    expect(() => provider.createRedirect({ ...redirectInput, amountCents: 12.5 })).toThrow(RangeError);
    expect(() => provider.createRedirect({ ...redirectInput, amountCents: -100 })).toThrow(RangeError);
    expect(() =>
      provider.createRedirect({ ...redirectInput, urls: { ...redirectInput.urls, notify: '/api/notify' } }),
    ).toThrow(RangeError);
    expect(() =>
      provider.createRedirect({ ...redirectInput, urls: { ...redirectInput.urls, ok: 'javascript:alert(1)' } }),
    ).toThrow(RangeError);
  });
});

describe('verifyNotification', () => {
  const provider = createRedsysProvider(testConfig);

  it('accepts a valid notification and reads it', () => {
    expect(provider.verifyNotification(signedNotification())).toEqual({
      ok: true,
      orderRef: '0042ABCD1234',
      amountCents: 4250,
      currency: 'EUR',
      authorized: true,
      responseCode: '0000',
      authorisationCode: '123456',
      payMethod: 'card',
    });
  });

  it('refuses the signature with any single character changed', () => {
    const notification = signedNotification();
    const signature = notification.Ds_Signature.replace(/=+$/, '');
    for (let i = 0; i < signature.length; i++) {
      const forged = { ...notification, Ds_Signature: changeCharAt(signature, i) };
      expect(provider.verifyNotification(forged)).toEqual({ ok: false, reason: 'badSignature' });
    }
  });

  it('refuses a signature that decodes to the same bytes through unused trailing bits', () => {
    const notification = signedNotification();
    const signature = Buffer.from(notification.Ds_Signature.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    const canonical = signature.toString('base64');
    // 32 bytes: the 43rd character carries 2 unused bits, so flipping the lowest bit keeps the bytes.
    const last = canonical.charAt(42);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const sibling = alphabet.charAt(alphabet.indexOf(last) ^ 1);
    const noncanonical = canonical.slice(0, 42) + sibling + '=';
    expect(Buffer.from(noncanonical, 'base64').equals(signature)).toBe(true);
    expect(provider.verifyNotification({ ...notification, Ds_Signature: noncanonical })).toEqual({
      ok: false,
      reason: 'badSignature',
    });
  });

  it('refuses a notification whose amount was changed after signing', () => {
    const notification = signedNotification();
    const params = decodeMerchantParameters(notification.Ds_MerchantParameters);
    const tampered = encodeMerchantParameters({ ...params, Ds_Amount: '1' });
    expect(provider.verifyNotification({ ...notification, Ds_MerchantParameters: tampered })).toEqual({
      ok: false,
      reason: 'badSignature',
    });
  });

  it('refuses a notification signed with another key', () => {
    const otherKey = Buffer.alloc(24, 7).toString('base64');
    expect(provider.verifyNotification(signedNotification({}, otherKey))).toEqual({
      ok: false,
      reason: 'badSignature',
    });
  });

  it('accepts the signature in base64 and base64url, padded or not', () => {
    const notification = signedNotification();
    const base64 = signMerchantParameters(TEST_KEY, '0042ABCD1234', notification.Ds_MerchantParameters);
    expect(base64).toMatch(/[+/]/);
    for (const signature of [base64, toBase64Url(base64), toBase64Url(base64).replace(/=+$/, '')]) {
      expect(provider.verifyNotification({ ...notification, Ds_Signature: signature }).ok).toBe(true);
    }
  });

  it('accepts merchant parameters sent in base64url', () => {
    // Find parameters whose base64 contains + or /, so the url form differs.
    let overrides: Record<string, string> = {};
    let encoded = '';
    for (let i = 0; !/[+/]/.test(encoded); i++) {
      overrides = { Ds_MerchantData: '?'.repeat(i) + '>>>' };
      encoded = signedNotification(overrides).Ds_MerchantParameters;
    }
    const urlParameters = toBase64Url(encoded);
    expect(urlParameters).not.toBe(encoded);
    const notification = {
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: urlParameters,
      Ds_Signature: signMerchantParameters(TEST_KEY, '0042ABCD1234', urlParameters),
    };
    expect(provider.verifyNotification(notification)).toMatchObject({ ok: true, amountCents: 4250 });
  });

  it('refuses another merchant, terminal or currency even when correctly signed', () => {
    expect(provider.verifyNotification(signedNotification({ Ds_MerchantCode: '999008882' }))).toEqual({
      ok: false,
      reason: 'wrongMerchant',
    });
    expect(provider.verifyNotification(signedNotification({ Ds_Terminal: '002' }))).toEqual({
      ok: false,
      reason: 'wrongTerminal',
    });
    expect(provider.verifyNotification(signedNotification({ Ds_Currency: '840' }))).toEqual({
      ok: false,
      reason: 'wrongCurrency',
    });
  });

  it('treats terminal 001 and 1 as the same terminal', () => {
    expect(provider.verifyNotification(signedNotification({ Ds_Terminal: '1' })).ok).toBe(true);
    expect(provider.verifyNotification(signedNotification({ Ds_Terminal: '001' })).ok).toBe(true);
  });

  it('refuses refunds and other operations notified to the same URL', () => {
    expect(provider.verifyNotification(signedNotification({ Ds_TransactionType: '3', Ds_Response: '0900' }))).toEqual({
      ok: false,
      reason: 'unsupportedTransactionType',
    });
  });

  it('authorises only response codes 0000 to 0099', () => {
    const read = (code: string) => provider.verifyNotification(signedNotification({ Ds_Response: code }));
    for (const code of ['0000', '0001', '0099', '0', '99']) expect(read(code)).toMatchObject({ authorized: true });
    for (const code of ['0100', '0101', '0180', '0184', '0190', '0400', '0900', '9915', 'SIS0051']) {
      expect(read(code)).toMatchObject({ ok: true, authorized: false });
    }
    expect(read('0')).toMatchObject({ responseCode: '0000' });
    expect(read('190')).toMatchObject({ responseCode: '0190', authorized: false });
  });

  it('reports no authorisation code on a refusal', () => {
    const declined = provider.verifyNotification(
      signedNotification({ Ds_Response: '0190', Ds_AuthorisationCode: '++++++' }),
    );
    expect(declined).toMatchObject({ ok: true, authorized: false, responseCode: '0190' });
    expect(declined).not.toHaveProperty('authorisationCode');
  });

  it('reads the pay method Redsys processed', () => {
    const method = (code: string) => provider.verifyNotification(signedNotification({ Ds_ProcessedPayMethod: code }));
    expect(method('68')).toMatchObject({ payMethod: 'bizum' });
    expect(method('1')).toMatchObject({ payMethod: 'card' });
    expect(method('72')).toMatchObject({ payMethod: 'card' });
    expect(method('54')).toMatchObject({ payMethod: 'other' });
  });

  it('refuses an unknown signature version and missing or garbled fields', () => {
    const notification = signedNotification();
    expect(provider.verifyNotification({ ...notification, Ds_SignatureVersion: 'HMAC_SHA512_V2' })).toEqual({
      ok: false,
      reason: 'unsupportedSignatureVersion',
    });
    const { Ds_Signature: _dropped, ...unsigned } = notification;
    expect(provider.verifyNotification(unsigned)).toEqual({ ok: false, reason: 'malformed' });
    expect(provider.verifyNotification({ ...notification, Ds_MerchantParameters: 'not base64!' })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    const array = encodeMerchantParameters(['Ds_Order']);
    expect(provider.verifyNotification({ ...notification, Ds_MerchantParameters: array })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    const huge = encodeMerchantParameters({ Ds_Order: '0042ABCD1234', padding: 'x'.repeat(20_000) });
    expect(provider.verifyNotification({ ...notification, Ds_MerchantParameters: huge })).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('refuses a signed notification missing a field it needs', () => {
    expect(provider.verifyNotification(signedNotification({ Ds_Amount: '' }))).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(provider.verifyNotification(signedNotification({ Ds_Amount: '12.50' }))).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('checks the expected order and amount when given', () => {
    const notification = signedNotification();
    expect(provider.verifyNotification(notification, { orderRef: '0042ABCD1234', amountCents: 4250 }).ok).toBe(true);
    expect(provider.verifyNotification(notification, { orderRef: '0042ABCD1234', amountCents: 4251 })).toEqual({
      ok: false,
      reason: 'amountMismatch',
    });
    expect(provider.verifyNotification(notification, { orderRef: '0043ABCD1234', amountCents: 4250 })).toEqual({
      ok: false,
      reason: 'orderMismatch',
    });
  });
});

describe('signatureMatches', () => {
  it('never throws on inputs of another length or alphabet', () => {
    const expected = signMerchantParameters(TEST_KEY, '0001', 'e30=');
    for (const received of ['', '=', 'a', expected + 'A', expected.slice(1), 'é'.repeat(44), ' '.repeat(44)]) {
      expect(signatureMatches(expected, received)).toBe(false);
    }
    expect(signatureMatches(expected, expected)).toBe(true);
  });
});

describe('order refs', () => {
  it('validates the Redsys format', () => {
    for (const ref of ['0069', '1234ABCDEFGH', '0726qI3H7sZx', '000000000042']) expect(isValidOrderRef(ref)).toBe(true);
    for (const ref of ['', '123', 'A123', '12A4BCDE', '1234ABCDEFGHI', '1234-abc', '1234 abc', '1234ÀBC', 42]) {
      expect(isValidOrderRef(ref)).toBe(false);
    }
  });

  it('makes random refs of 4 digits and 8 upper-case letters or digits, all different', () => {
    const refs = new Set(Array.from({ length: 2000 }, () => makeOrderRef()));
    expect(refs.size).toBe(2000);
    for (const ref of refs) {
      expect(ref).toMatch(/^\d{4}[0-9A-Z]{8}$/);
      expect(isValidOrderRef(ref)).toBe(true);
    }
  });

  it('makes refs from a sequence number', () => {
    expect(makeOrderRef(42)).toBe('000000000042');
    expect(makeOrderRef(0)).toBe('000000000000');
    expect(makeOrderRef(999_999_999_999)).toBe('999999999999');
    for (const bad of [-1, 1.5, 1e12, Number.NaN]) expect(() => makeOrderRef(bad)).toThrow(RangeError);
  });
});

describe('parseRedsysConfig', () => {
  it('accepts a complete configuration', () => {
    expect(parseRedsysConfig(testConfig)).toEqual(testConfig);
  });

  it('names every missing or invalid field and never prints the key', () => {
    const badKey = 'this-is-not-a-redsys-key-at-all!';
    let message = '';
    try {
      parseRedsysConfig({ merchantCode: '12', secretKey: badKey });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('redsys.merchantCode');
    expect(message).toContain('redsys.terminal: is required');
    expect(message).toContain('redsys.secretKey');
    expect(message).toContain('redsys.environment');
    expect(message).not.toContain(badKey);
  });

  it('refuses a key that is not 24 bytes of base64', () => {
    expect(() => parseRedsysConfig({ ...testConfig, secretKey: TEST_KEY.slice(4) })).toThrow(/secretKey/);
    expect(() => parseRedsysConfig({ ...testConfig, secretKey: TEST_KEY.replace('s', '-') })).toThrow(/secretKey/);
  });
});
