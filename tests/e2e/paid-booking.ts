import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { expect, type APIRequestContext } from '@playwright/test';

import { e2eOutbox } from '../fixtures/eml';

/**
 * A booking bought and paid as the website does it, through the shop API and the sandbox bank's
 * pay button (which notifies the shop server to server), so refunds really go back through the
 * gateway. Two adults.
 */
export async function paidBooking(
  request: APIRequestContext,
  departureId: number,
  buyer: { email: string; locale?: string; name?: string; surnames?: string },
): Promise<string> {
  // A visitor of its own (the test-only client-address header): the bookings the specs buy through
  // the API never spend the allowance of the browser tests, which all come from this machine.
  const headers = { 'x-test-client-ip': `paid-booking-${Date.now()}-${Math.random()}` };
  const created = await request.post('/api/shop/holds', {
    headers,
    data: {
      departureId: String(departureId),
      tripType: 'roundTrip',
      adult: '2',
      child: '0',
      super3: '0',
      reduced: '0',
      audioGuides: '0',
      name: buyer.name ?? 'Marta',
      surnames: buyer.surnames ?? 'Puig',
      email: buyer.email,
      phone: '+34 600 000 000',
      mobilePhone: '+34 600 000 002',
      locale: buyer.locale ?? 'en',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { reference } = (await created.json()) as { reference: string };
  const started = await request.post(`/api/shop/holds/${reference}/payment`, { headers });
  const { form } = (await started.json()) as { form: { fields: Record<string, string> } };
  const paid = await request.post('/api/payments/sandbox', {
    form: { ...form.fields, decision: 'pay', card: '4548 8100 0000 0003' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return reference;
}

/** The first link matching `pattern` in an outbox e-mail to `email` (quoted-printable undone). */
export function linkFromOutbox(email: string, pattern: RegExp): string | undefined {
  let files: string[] = [];
  try {
    files = readdirSync(e2eOutbox).filter((f) => f.endsWith('.eml'));
  } catch {
    return undefined;
  }
  for (const file of files) {
    const eml = readFileSync(path.join(e2eOutbox, file), 'utf8');
    if (!eml.includes(email)) continue;
    const body = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = pattern.exec(body);
    if (match) return match[0];
  }
  return undefined;
}
