import { readFileSync } from 'node:fs';
import path from 'node:path';

import { beforeEach, describe, expect, it } from 'vitest';

// integration-setup.ts gives each file its own outbox folder, read when the mail layer loads.
const outbox = process.env.MAIL_OUTBOX_DIR!;

import { validate } from '@/forms/form-core';
import { EMAIL_QUEUE, queueEmail, REQUEST_EMAIL_QUEUE } from '@/mail/queue';
import { resetAckLimits } from '@/requests/ack-limits';
import { contactRequestSchema } from '@/requests/schemas';
import { submitRequest } from '@/requests/service';

import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();

beforeEach(() => resetAckLimits());

let n = 0;
function contact(overrides: Record<string, string> = {}) {
  n += 1;
  const result = validate(contactRequestSchema as never, {
    name: 'Eve',
    email: `someone-${n}@victim.example`,
    phone: '',
    subject: 'Zebra subject',
    message: 'Cheap watches at http://spam.example/buy — reply now',
    ...overrides,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data as never;
}

const acks = async (address: string) =>
  (
    await payload.count({
      collection: 'email-log',
      where: { and: [{ template: { equals: 'request-ack-contact' } }, { to: { contains: address } }] },
    })
  ).totalDocs;

describe(`request forms are no mail relay on ${testDatabaseKind}`, () => {
  it('the acknowledgement quotes nothing the visitor wrote but a short, link-free name', async () => {
    const { id } = await submitRequest(payload, {
      kind: 'contact',
      locale: 'en',
      data: contact({
        name: 'Eve http://spam.example/win and a very long tail of words to relay',
        email: 'target@victim.example',
      }),
      ip: '203.0.113.1',
    });
    await payload.jobs.run({ queue: REQUEST_EMAIL_QUEUE, limit: 10, silent: true });
    const { docs } = await payload.find({ collection: 'email-log', where: { ref: { equals: `requests:${id}` } } });
    const ack = docs.find((d) => d.template === 'request-ack-contact')!;
    expect(ack.status).toBe('sent');
    const raw = readFileSync(path.join(outbox, ack.emlFile!), 'utf8');
    for (const quoted of ['spam.example', 'Cheap watches', 'Zebra subject', 'tail of words to relay']) {
      expect(raw).not.toContain(quoted);
    }
    expect(ack.text).toMatch(/^Hello Eve and a very long/);
  });

  it('sends at most 3 acknowledgements a day to one address, whatever the IP; staff get every request', async () => {
    const results = [];
    for (let i = 0; i < 6; i++) {
      results.push(
        await submitRequest(payload, {
          kind: 'contact',
          locale: 'es',
          data: contact({ email: 'victim@victim.example' }),
          ip: `198.51.100.${i}`,
        }),
      );
    }
    expect(results.map((r) => r.acknowledged)).toEqual([true, true, true, false, false, false]);
    expect(await acks('victim@victim.example')).toBe(3);
    expect(
      await payload.count({ collection: 'requests', where: { email: { equals: 'victim@victim.example' } } }),
    ).toEqual({
      totalDocs: 6,
    });
  });

  it('sends at most 10 acknowledgements an hour for one IP', async () => {
    const acknowledged = [];
    for (let i = 0; i < 12; i++) {
      acknowledged.push(
        (await submitRequest(payload, { kind: 'contact', locale: 'ca', data: contact(), ip: '192.0.2.99' }))
          .acknowledged,
      );
    }
    expect(acknowledged.filter(Boolean)).toHaveLength(10);
  });

  it('ticket e-mails never wait behind a flood of request mail', async () => {
    for (let i = 0; i < 30; i++) {
      await submitRequest(payload, { kind: 'contact', locale: 'fr', data: contact(), ip: `192.0.2.${i}` });
    }
    await queueEmail(payload, {
      to: [{ address: 'buyer@example.com', name: 'Buyer' }],
      subject: 'Your tickets',
      text: 'Tickets',
      template: 'tickets',
      ref: 'bookings:1',
    });
    // One run of the ticket queue, as its own schedule runs it (payload.config.ts): the ticket goes out.
    await payload.jobs.run({ queue: EMAIL_QUEUE, limit: 20, silent: true });
    const ticket = await payload.find({ collection: 'email-log', where: { template: { equals: 'tickets' } } });
    expect(ticket.docs[0]!.status).toBe('sent');
    const waiting = await payload.count({ collection: 'email-log', where: { status: { equals: 'queued' } } });
    expect(waiting.totalDocs).toBeGreaterThanOrEqual(30);
  });
});
