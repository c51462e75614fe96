import { describe, expect, it } from 'vitest';

import { toE164, twilioSmsProvider } from './provider';

describe('SMS providers', () => {
  it('normalises mobile numbers to E.164', () => {
    expect(toE164('+34 600 00 00 01')).toBe('+34600000001');
    expect(toE164('0033 6 12 34 56 78')).toBe('+33612345678');
    expect(toE164('600000001')).toBe('+34600000001');
    expect(toE164('not a phone')).toBeNull();
    // A landline with its prefix, and one without, cannot receive the SMS (issue 28).
    expect(toE164('+34 933 000 000')).toBeNull();
    expect(toE164('+33 1 23 45 67 89')).toBeNull();
    expect(toE164('+44 7911 123456')).toBe('+447911123456');
  });

  it('sends through Twilio’s Messages resource with basic auth, and throws when refused', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const twilio = twilioSmsProvider(
      { accountSid: `AC${'0'.repeat(32)}`, authToken: 'secret-token-123456', from: '+34900000000' },
      async (url, init) => {
        calls.push({ url, init });
        return calls.length === 1
          ? Response.json({ sid: 'SM123' }, { status: 201 })
          : Response.json({ code: 21211, message: 'invalid To' }, { status: 400 });
      },
    );
    expect(await twilio.send({ to: '+34 600 000 001', text: 'Hola' })).toEqual({ id: 'SM123', provider: 'twilio' });
    expect(calls[0]!.url).toBe(`https://api.twilio.com/2010-04-01/Accounts/AC${'0'.repeat(32)}/Messages.json`);
    expect(String(calls[0]!.init.body)).toBe('To=%2B34600000001&From=%2B34900000000&Body=Hola');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toMatch(/^Basic /);
    await expect(twilio.send({ to: '+34600000001', text: 'Hola' })).rejects.toThrow(/21211/);
  });
});
