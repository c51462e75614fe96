import { createRedsysAPI, deserializeAndVerifyJSONResponse, SANDBOX_URLS, type RedirectInputParams } from 'redsys-easy';
import { describe, expect, it, vi } from 'vitest';

import { checkAgainstOrder, type RedirectInput } from './provider';
import {
  decodeMerchantParameters,
  encodeMerchantParameters,
  redsysProtocolProvider,
  signMerchantParameters,
} from './redsys';
import {
  SANDBOX_CREDENTIALS,
  SANDBOX_TEST_CARD,
  assertSandboxAllowed,
  createSandboxProvider,
  readSandboxRequest,
  sandboxNotification,
  sandboxReturnUrl,
  type SandboxRequest,
} from './sandbox';

vi.mock('server-only', () => ({}));

const siteUrl = 'http://localhost:3000';
const provider = createSandboxProvider({ siteUrl });

const input: RedirectInput = {
  orderRef: '0042ABCD1234',
  amountCents: 4250,
  description: 'Golondrinas: Port tour, 2 adults',
  locale: 'es',
  urls: {
    ok: `${siteUrl}/es/reserva/ok`,
    ko: `${siteUrl}/es/reserva/ko`,
    notify: `${siteUrl}/api/payments/notify`,
  },
};

function openRequest(redirect: RedirectInput = input): SandboxRequest {
  const result = readSandboxRequest(provider.createRedirect(redirect).fields, { siteUrl });
  if (!result.ok) throw new Error(`sandbox refused the request: ${result.reason}`);
  return result.request;
}

function paramsOf(fields: { Ds_MerchantParameters: string }) {
  const params = decodeMerchantParameters(fields.Ds_MerchantParameters);
  if (!params) throw new Error('undecodable parameters');
  return params;
}

describe('createSandboxProvider', () => {
  it('posts to our own test payment page, on whatever host and port the visitor is on', () => {
    const form = provider.createRedirect(input);
    expect(provider.id).toBe('sandbox');
    // Relative: an absolute SITE_URL on another port or host was blocked by CSP form-action.
    expect(form.action).toBe('/pago-de-prueba');
  });

  it("signs the request exactly as Redsys' test merchant would", () => {
    const api = createRedsysAPI({ secretKey: SANDBOX_CREDENTIALS.secretKey, urls: SANDBOX_URLS });
    const ours = provider.createRedirect(input).fields;
    const theirs = api.createRedirectForm(paramsOf(ours) as unknown as RedirectInputParams).body;
    expect(ours).toEqual(theirs);
    expect(paramsOf(ours)).toMatchObject({ DS_MERCHANT_MERCHANTCODE: '999008881', DS_MERCHANT_TERMINAL: '1' });
  });
});

describe('round trip: request → test page → notification → verification', () => {
  const now = new Date('2026-11-21T09:15:00Z');

  it('reads what the checkout sent', () => {
    expect(openRequest()).toEqual({
      orderRef: '0042ABCD1234',
      amountCents: 4250,
      currency: 'EUR',
      description: 'Golondrinas: Port tour, 2 adults',
      locale: 'es',
      urls: input.urls,
    });
    for (const locale of ['ca', 'es', 'en', 'fr'] as const)
      expect(openRequest({ ...input, locale }).locale).toBe(locale);
    expect(openRequest({ ...input, payMethods: 'bizum' }).payMethods).toBe('bizum');
  });

  it('pays with the public test card', () => {
    const fields = sandboxNotification(openRequest(), 'pay', SANDBOX_TEST_CARD, { now });
    const result = provider.verifyNotification(fields);
    expect(result).toMatchObject({
      ok: true,
      orderRef: '0042ABCD1234',
      amountCents: 4250,
      currency: 'EUR',
      authorized: true,
      responseCode: '0000',
      payMethod: 'card',
    });
    if (!result.ok) throw new Error('unreachable');
    expect(result.authorisationCode).toMatch(/^\d{6}$/);
    expect(checkAgainstOrder(result, { orderRef: '0042ABCD1234', amountCents: 4250 })).toEqual({ ok: true });
  });

  it('builds the notification Redsys would send', () => {
    const fields = sandboxNotification(openRequest(), 'pay', '4548 8100 0000 0003', { now });
    expect(fields.Ds_SignatureVersion).toBe('HMAC_SHA256_V1');
    // Redsys signs its notifications in base64url.
    expect(fields.Ds_Signature).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    expect(paramsOf(fields)).toEqual({
      Ds_Date: '21%2F11%2F2026',
      Ds_Hour: '10%3A15',
      Ds_SecurePayment: '1',
      Ds_Card_Country: '724',
      Ds_Amount: '4250',
      Ds_Currency: '978',
      Ds_Order: '0042ABCD1234',
      Ds_MerchantCode: '999008881',
      Ds_Terminal: '001',
      Ds_Response: '0000',
      Ds_MerchantData: '',
      Ds_TransactionType: '0',
      Ds_ConsumerLanguage: '1',
      Ds_AuthorisationCode: expect.stringMatching(/^\d{6}$/),
      Ds_Card_Brand: '1',
      Ds_ProcessedPayMethod: '1',
      [`Ds_Control_${now.getTime()}`]: String(now.getTime()),
    });
  });

  it('stamps Madrid time across the summer time change', () => {
    const summer = sandboxNotification(openRequest(), 'pay', SANDBOX_TEST_CARD, {
      now: new Date('2026-07-01T21:59:00Z'),
    });
    expect(paramsOf(summer)).toMatchObject({ Ds_Date: '01%2F07%2F2026', Ds_Hour: '23%3A59' });
    const afterMidnight = sandboxNotification(openRequest(), 'pay', SANDBOX_TEST_CARD, {
      now: new Date('2026-03-29T23:30:00Z'),
    });
    expect(paramsOf(afterMidnight)).toMatchObject({ Ds_Date: '30%2F03%2F2026', Ds_Hour: '01%3A30' });
  });

  it('is accepted by redsys-easy, which decodes it the same way', () => {
    const fields = sandboxNotification(openRequest(), 'pay', SANDBOX_TEST_CARD, { now });
    expect(() => deserializeAndVerifyJSONResponse(SANDBOX_CREDENTIALS.secretKey, fields)).not.toThrow();
    const api = createRedsysAPI({ secretKey: SANDBOX_CREDENTIALS.secretKey, urls: SANDBOX_URLS });
    expect(api.processRestNotification(fields)).toMatchObject({ Ds_Date: '21/11/2026', Ds_Hour: '10:15' });
  });

  it('refuses any other card with 0180', () => {
    for (const card of ['4548810000000004', '4111111111111111', '', undefined]) {
      const result = provider.verifyNotification(sandboxNotification(openRequest(), 'pay', card, { now }));
      expect(result).toMatchObject({ ok: true, authorized: false, responseCode: '0180' });
      expect(result).not.toHaveProperty('authorisationCode');
    }
  });

  it('declines with 0190', () => {
    const fields = sandboxNotification(openRequest(), 'decline', SANDBOX_TEST_CARD, { now });
    expect(paramsOf(fields)).toMatchObject({
      Ds_Response: '0190',
      Ds_AuthorisationCode: '++++++',
      Ds_SecurePayment: '0',
    });
    expect(provider.verifyNotification(fields)).toEqual({
      ok: true,
      orderRef: '0042ABCD1234',
      amountCents: 4250,
      currency: 'EUR',
      authorized: false,
      responseCode: '0190',
    });
  });

  it('pays a Bizum request without a card', () => {
    const request = openRequest({ ...input, payMethods: 'bizum' });
    expect(provider.verifyNotification(sandboxNotification(request, 'pay', undefined, { now }))).toMatchObject({
      authorized: true,
      payMethod: 'bizum',
    });
    expect(provider.verifyNotification(sandboxNotification(request, 'decline', undefined, { now }))).toMatchObject({
      authorized: false,
      responseCode: '0190',
    });
  });

  it('never puts the typed card number in the notification', () => {
    for (const card of [SANDBOX_TEST_CARD, '4111111111111111']) {
      const fields = sandboxNotification(openRequest(), 'pay', card, { now });
      const decoded = Buffer.from(fields.Ds_MerchantParameters, 'base64').toString('utf8');
      expect(decoded).not.toContain(card);
      expect(Object.keys(paramsOf(fields)).filter((key) => /card_?number|pan|expiry/i.test(key))).toEqual([]);
    }
  });

  it('catches a tampered notification and a wrong amount', () => {
    const fields = sandboxNotification(openRequest(), 'pay', SANDBOX_TEST_CARD, { now });
    const tampered = encodeMerchantParameters({ ...paramsOf(fields), Ds_Amount: '1' });
    expect(provider.verifyNotification({ ...fields, Ds_MerchantParameters: tampered })).toEqual({
      ok: false,
      reason: 'badSignature',
    });
    expect(provider.verifyNotification(fields, { orderRef: '0042ABCD1234', amountCents: 9999 })).toEqual({
      ok: false,
      reason: 'amountMismatch',
    });
  });

  it('sends the visitor to the ok or ko page with the signed fields', () => {
    const request = openRequest();
    const paid = sandboxNotification(request, 'pay', SANDBOX_TEST_CARD, { now });
    const okUrl = new URL(sandboxReturnUrl(request, paid));
    expect(okUrl.origin + okUrl.pathname).toBe(input.urls.ok);
    expect(Object.fromEntries(okUrl.searchParams)).toEqual(paid);
    const declined = sandboxNotification(request, 'decline', undefined, { now });
    expect(sandboxReturnUrl(request, declined).startsWith(`${input.urls.ko}?`)).toBe(true);
  });
});

describe('readSandboxRequest', () => {
  it('refuses a request with a changed signature or changed parameters', () => {
    const { fields } = provider.createRedirect(input);
    const forgedSignature = fields.Ds_Signature.startsWith('A')
      ? `B${fields.Ds_Signature.slice(1)}`
      : `A${fields.Ds_Signature.slice(1)}`;
    expect(readSandboxRequest({ ...fields, Ds_Signature: forgedSignature }, { siteUrl })).toEqual({
      ok: false,
      reason: 'badSignature',
    });
    const cheaper = encodeMerchantParameters({ ...paramsOf(fields), DS_MERCHANT_AMOUNT: '1' });
    expect(readSandboxRequest({ ...fields, Ds_MerchantParameters: cheaper }, { siteUrl })).toEqual({
      ok: false,
      reason: 'badSignature',
    });
  });

  it("refuses a request signed with a real merchant's key", () => {
    const real = redsysProtocolProvider(
      {
        merchantCode: '999008881',
        terminal: '1',
        secretKey: Buffer.alloc(24, 3).toString('base64'),
        environment: 'test',
      },
      {
        id: 'redsys',
        action: 'https://sis-t.redsys.es:25443/sis/realizarPago',
        restUrl: 'https://sis-t.redsys.es:25443/sis/rest/trataPeticionREST',
      },
    );
    expect(readSandboxRequest(real.createRedirect(input).fields, { siteUrl })).toEqual({
      ok: false,
      reason: 'badSignature',
    });
  });

  it('refuses another merchant or terminal signed with the test key', () => {
    const withConfig = (merchantCode: string, terminal: string) =>
      redsysProtocolProvider(
        { ...SANDBOX_CREDENTIALS, merchantCode, terminal },
        { id: 'sandbox', action: `${siteUrl}/pago-de-prueba`, restUrl: `${siteUrl}/api/payments/sandbox/rest` },
      ).createRedirect(input).fields;
    expect(readSandboxRequest(withConfig('123456789', '1'), { siteUrl })).toEqual({
      ok: false,
      reason: 'wrongMerchant',
    });
    expect(readSandboxRequest(withConfig('999008881', '2'), { siteUrl })).toEqual({
      ok: false,
      reason: 'wrongTerminal',
    });
  });

  it('refuses another currency signed with the test key', () => {
    const params = { ...paramsOf(provider.createRedirect(input).fields), DS_MERCHANT_CURRENCY: '840' };
    const encoded = encodeMerchantParameters(params);
    const fields = {
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: encoded,
      Ds_Signature: signMerchantParameters(SANDBOX_CREDENTIALS.secretKey, input.orderRef, encoded),
    };
    expect(readSandboxRequest(fields, { siteUrl })).toEqual({ ok: false, reason: 'wrongCurrency' });
  });

  it('refuses return or notify URLs outside our site', () => {
    for (const key of ['ok', 'ko', 'notify'] as const) {
      const urls = { ...input.urls, [key]: 'https://attacker.example/collect' };
      expect(readSandboxRequest(provider.createRedirect({ ...input, urls }).fields, { siteUrl })).toEqual({
        ok: false,
        reason: 'foreignUrl',
      });
    }
  });

  it('refuses garbage', () => {
    expect(readSandboxRequest({}, { siteUrl })).toEqual({ ok: false, reason: 'malformed' });
    expect(
      readSandboxRequest(
        { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: '%%%', Ds_Signature: 'x' },
        { siteUrl },
      ),
    ).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('assertSandboxAllowed', () => {
  it('refuses production and allows the rest', () => {
    expect(() => assertSandboxAllowed('production')).toThrow(/not allowed in production/);
    expect(() => assertSandboxAllowed('local')).not.toThrow();
    expect(() => assertSandboxAllowed('test')).not.toThrow();
  });
});
