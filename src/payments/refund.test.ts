import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { readRefundAnswer, redsysProtocolProvider } from './redsys';
import { SANDBOX_CREDENTIALS, answerSandboxRest, createSandboxProvider } from './sandbox';
import { createSandboxLedger } from './sandbox-ledger';

const siteUrl = 'http://localhost:3110';

function providerWithBank() {
  const ledger = createSandboxLedger(mkdtempSync(path.join(tmpdir(), 'ledger-')));
  let lastBody: Record<string, string> | undefined;
  const provider = createSandboxProvider({
    siteUrl,
    fetch: async (_url, init) => {
      lastBody = await answerSandboxRest(JSON.parse(String(init.body)), { ledger });
      return Response.json(lastBody);
    },
  });
  return { ledger, provider, last: () => lastBody };
}

describe('Redsys REST refunds (transaction type 3) against the sandbox bank', () => {
  it('refunds an authorised order, in parts, up to its amount and no further', async () => {
    const { ledger, provider } = providerWithBank();
    await ledger.authorise('1234ABCD', 3000);
    expect(await provider.refund({ orderRef: '1234ABCD', amountCents: 1000 })).toMatchObject({
      ok: true,
      responseCode: '0900',
    });
    expect(await provider.refund({ orderRef: '1234ABCD', amountCents: 2000 })).toMatchObject({ ok: true });
    expect(await provider.refund({ orderRef: '1234ABCD', amountCents: 1 })).toMatchObject({
      ok: false,
      outcome: 'refused',
      code: 'SIS0057',
    });
    expect(ledger.order('1234ABCD')?.refunds.map((r) => r.amountCents)).toEqual([1000, 2000]);
  });

  it('is refused for an order the bank never authorised', async () => {
    const { provider } = providerWithBank();
    expect(await provider.refund({ orderRef: '9999ZZZZ', amountCents: 100 })).toMatchObject({
      ok: false,
      outcome: 'refused',
      code: 'SIS0059',
    });
  });

  it('does not count an answer whose signature or amount does not match as money returned', async () => {
    const { ledger, provider, last } = providerWithBank();
    await ledger.authorise('1234ABCE', 3000);
    await provider.refund({ orderRef: '1234ABCE', amountCents: 500 });
    const answer = last()!;
    const config = SANDBOX_CREDENTIALS;
    expect(readRefundAnswer(config, { orderRef: '1234ABCE', amountCents: 500 }, answer)).toMatchObject({ ok: true });
    expect(readRefundAnswer(config, { orderRef: '1234ABCE', amountCents: 600 }, answer)).toMatchObject({
      ok: false,
      outcome: 'unknown',
      code: 'mismatch',
    });
    const forged = { ...answer, Ds_Signature: answer.Ds_Signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) };
    expect(readRefundAnswer(config, { orderRef: '1234ABCE', amountCents: 500 }, forged)).toMatchObject({
      ok: false,
      outcome: 'unknown',
      code: 'badSignature',
    });
  });

  it('reports an unreachable gateway as unknown, never as refunded', async () => {
    const provider = redsysProtocolProvider(SANDBOX_CREDENTIALS, {
      id: 'sandbox',
      action: `${siteUrl}/pago-de-prueba`,
      restUrl: `${siteUrl}/api/payments/sandbox/rest`,
      fetch: () => Promise.reject(new Error('ECONNREFUSED')),
    });
    expect(await provider.refund({ orderRef: '1234ABCD', amountCents: 100 })).toMatchObject({
      ok: false,
      outcome: 'unknown',
      code: 'unreachable',
    });
  });
});
