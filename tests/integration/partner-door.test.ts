import { beforeAll, describe, expect, it } from 'vitest';

import { POST as checkRoute } from '@/app/api/partner/admissions/check/route';
import { GET as listRoute } from '@/app/api/partner/admissions/route';
import { POST as syncRoute } from '@/app/api/partner/admissions/sync/route';
import { cancelBooking } from '@/operations/booking-actions';
import { shopDb } from '@/booking/db';
import { sellAtBoxOffice } from '@/operations/box-office';
import { checkAdmission } from '@/operations/door';
import { admissionsOfBooking } from '@/partners/admissions-repository';
import { loadPaidBooking, ticketEmailInput } from '@/tickets/delivery';
import { renderTicketEmail } from '@/tickets/ticket-email';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { combineTour, makePartner } from '../fixtures/partner-fixtures';
import { sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

const doors: Record<'first' | 'second' | 'other' | 'office', { token: string; id: number }> = {
  first: { token: '', id: 0 },
  second: { token: '', id: 0 },
  other: { token: '', id: 0 },
  office: { token: '', id: 0 },
};
let museum: number;
let otherPartner: number;
let tour: { tourId: number; boatId: number };

async function user(key: keyof typeof doors, role: string, partner?: number) {
  const email = `${key}-door-${Date.now()}@example.com`;
  const password = `long enough ${key} door password 2026`;
  const created = await payload.create({
    collection: 'users',
    data: { email, password, role, name: `Porta ${key}`, ...(partner ? { partner } : {}) } as never,
  });
  const login = await payload.login({ collection: 'users', data: { email, password } });
  doors[key] = { token: login.token!, id: Number(created.id) };
}

function call(path: string, key: keyof typeof doors, body?: unknown) {
  return new Request(`http://localhost:3111${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Authorization: `JWT ${doors[key].token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

/** A paid combined booking departing in `hoursAhead`; its museum admission codes. */
async function sale(hoursAhead: number, adults = 1) {
  const departureId = await addDeparture(payload, tour, { startsAt: new Date(Date.now() + hoursAhead * 3600_000) });
  const sold = await sellAtBoxOffice(payload, {
    departureId,
    selection: { tripType: 'roundTrip', adult: adults, reduced: 0, child: 0, super3: 0, audioGuides: 0 },
    customer: { name: 'Anna', surnames: 'Puig', email: '', phone: '', mobilePhone: '' },
    locale: 'ca',
    method: 'cash',
    by: 'user:1',
  });
  if (!sold.ok) throw new Error(sold.error);
  const admissions = await admissionsOfBooking(shopDb(payload), sold.bookingId);
  return { ...sold, codes: admissions.map((a) => a.code) };
}

beforeAll(async () => {
  museum = await makePartner(payload, { validity: 'tripDay' });
  otherPartner = await makePartner(payload);
  tour = await makeTour(payload, { menuKey: 'moco60', roundTrip: { adult: 3000, reduced: 2500, child: 2000 } });
  await combineTour(payload, tour.tourId, [{ partnerId: museum, adult: 1500, reduced: 1200, child: 1000 }]);
  await user('first', 'partner', museum);
  await user('second', 'partner', museum);
  await user('other', 'partner', otherPartner);
  await user('office', 'office');
});

describe("a partner's door (issue 44)", () => {
  it('admits an admission once, then says when and by whom it was used', async () => {
    const { codes } = await sale(0.1);
    const first = (await (
      await checkRoute(call('/api/partner/admissions/check', 'first', { code: codes[0] }))
    ).json()) as {
      result: string;
    };
    expect(first.result).toBe('admitted');
    const again = (await (
      await checkRoute(call('/api/partner/admissions/check', 'second', { code: codes[0]!.toLowerCase() }))
    ).json()) as { result: string; by: string; at: string };
    expect(again).toMatchObject({ result: 'already-used', by: 'Porta first' });
  });

  it("the ticket e-mail gives each person's admission code, the partner's address, hours and the day it is valid", async () => {
    const sold = await sale(0.1, 2);
    const booking = await loadPaidBooking(payload, { id: sold.bookingId });
    const email = await renderTicketEmail(ticketEmailInput(booking!));
    expect(email.text).toContain('Entrades incloses');
    for (const code of sold.codes) expect(email.text).toContain(`codi ${code}`);
    expect(email.text).toContain('Moll d’Espanya s/n, 08039 Barcelona · Cada dia de 10 a 19 h');
    expect(email.html).toContain(sold.codes[0]);
  });

  it("another partner's door does not know it; our own staff may not check at a door", async () => {
    const { codes } = await sale(0.1);
    const other = (await (
      await checkRoute(call('/api/partner/admissions/check', 'other', { code: codes[0] }))
    ).json()) as {
      result: string;
    };
    expect(other.result).toBe('unknown');
    const office = await checkRoute(call('/api/partner/admissions/check', 'office', { code: codes[0] }));
    expect(office.status).toBe(403);
  });

  it('refuses an admission of another day, saying from when it is valid, and a cancelled one', async () => {
    const later = await sale(72);
    const answer = await checkAdmission(payload, { code: later.codes[0]!, partnerId: museum, staffId: doors.first.id });
    expect(answer).toMatchObject({ result: 'not-valid-today' });
    await cancelBooking(
      payload,
      { reference: later.reference, refund: 'full', reason: 'changed their mind', by: 'user:1' },
      { provider },
    );
    const cancelled = await checkAdmission(payload, {
      code: later.codes[0]!,
      partnerId: museum,
      staffId: doors.first.id,
    });
    expect(cancelled.result).toBe('cancelled');
  });

  it("lists the day's admissions for an offline door and syncs its checks once", async () => {
    const { codes } = await sale(0.1, 2);
    const list = (await (await listRoute(call('/api/partner/admissions', 'first'))).json()) as {
      admissions: { code: string }[];
    };
    expect(list.admissions.map((a) => a.code)).toEqual(expect.arrayContaining(codes));
    const synced = (await (
      await syncRoute(
        call('/api/partner/admissions/sync', 'first', { queued: [{ code: codes[0] }, { code: codes[0] }] }),
      )
    ).json()) as { outcomes: { answer: { result: string }; conflict: boolean }[] };
    expect(synced.outcomes.map((o) => [o.answer.result, o.conflict])).toEqual([
      ['admitted', false],
      ['already-used', false],
    ]);
  });

  it.runIf(testDatabaseKind === 'postgres')('two doors scanning one code at once admit it once', async () => {
    const { codes } = await sale(0.1, 10);
    for (const code of codes) {
      const answers = await Promise.all(
        [doors.first, doors.second, doors.first, doors.second].map((door) =>
          checkAdmission(payload, { code, partnerId: museum, staffId: door.id }),
        ),
      );
      expect(answers.filter((a) => a.result === 'admitted')).toHaveLength(1);
      expect(answers.filter((a) => a.result === 'already-used')).toHaveLength(3);
    }
  });
});
