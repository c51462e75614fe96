import { expect, type APIRequestContext } from '@playwright/test';

import { madridToday } from '../../src/i18n/time';

import { staffToken } from './staff-departures';

/** A combined tour no other spec books: the door specs combine it with a partner of their own. */
export const DOOR_TOUR = 'puerto-y-litoral-museo-magic-world';

export type Admission = {
  code: string;
  reference: string;
  usedAt: string | null;
  usedBy: string | null;
  voided: boolean;
};

/**
 * A partner of its own (our QR at its door, valid on the trip's day), `tour` combined with it (its
 * part of the adult price), and its door's staff member: role partner, Catalan on the account.
 */
export async function partnerDoor(request: APIRequestContext, tour: string) {
  const admin = { Authorization: `JWT ${await staffToken(request)}` };
  const run = Date.now();
  const partner = await request.post('/api/partners?locale=ca', {
    headers: admin,
    data: {
      name: `Museu de la Màgia ${run}`,
      legalName: 'Museu de la Màgia SL',
      taxId: 'B12345674',
      address: 'Carrer de l’Oli 6, 08003 Barcelona',
      contactEmail: `magia-${run}@example.com`,
      contactPhone: '+34 933 19 73 93',
      language: 'ca',
      openingHours: 'Cada dia de 10 a 19 h',
      mapUrl: 'https://www.openstreetmap.org/?mlat=41.3842&mlon=2.1801',
      agreement: { adultCents: 600, reducedCents: 400, childCents: 300, super3Cents: 0 },
    },
  });
  expect(partner.ok(), await partner.text()).toBe(true);
  const partnerId = ((await partner.json()) as { doc: { id: number } }).doc.id;
  const tours = await (
    await request.get(`/api/tours?where[slug][equals]=${tour}&limit=1&depth=0&locale=ca`, { headers: admin })
  ).json();
  const found = tours.docs[0] as { id: number; booking: Record<string, unknown> };
  expect(found, `seeded tour ${tour}`).toBeTruthy();
  const combined = await request.patch(`/api/tours/${found.id}?locale=ca`, {
    headers: admin,
    data: {
      booking: {
        ...found.booking,
        partnerParts: [{ partner: partnerId, adultCents: 500, reducedCents: 0, childCents: 0 }],
      },
    },
  });
  expect(combined.ok(), await combined.text()).toBe(true);
  const door = { email: `e2e-door-${run}@example.com`, password: 'e2e door password 2031 long' };
  const created = await request.post('/api/users', {
    headers: admin,
    data: { ...door, name: 'Porta Màgia', role: 'partner', partner: partnerId, language: 'ca' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return { door, partnerId, run };
}

/** Today's admissions at the door, as its staff member's phone loads them. */
export async function doorList(
  request: APIRequestContext,
  who: { email: string; password: string },
): Promise<Admission[]> {
  const token = await staffToken(request, who);
  const response = await request.get(`/api/partner/admissions?date=${madridToday(new Date())}`, {
    headers: { Authorization: `JWT ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { admissions: Admission[] }).admissions;
}
