import type { Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cancelBooking, correctBooking, moveBooking } from '@/operations/booking-actions';
import { withdrawMove } from '@/operations/move-requests';
import type { Locale } from '@/i18n/locales';
import { describeBookingState, loadBookingState } from '@/notices/booking-state';
import { cancelDeparture, rebookDisrupted, refundDisrupted } from '@/operations/disruption';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { heldAndStarted, paidBooking, payAtSandbox, sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { startTestPayload, testDatabaseKind } from '../fixtures/test-payload';

/**
 * Issue 28: every change to a booking tells its customer what changed, once, in their language:
 * which message each change sends (the e-mail log's template), its wording for who made it, the
 * SMS when the day of travel is affected, and no second, ordinary ticket e-mail on a move.
 */

let payload: Payload;
let stop: () => Promise<void>;
let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  ({ payload, stop } = await startTestPayload());
  shop = await makeTour(payload, { menuKey: 'maritime60' });
});
afterAll(async () => {
  await stop?.();
});
checkInvariantsAfterEach(() => payload);

let n = 0;
function customer(mobilePhone = '633444555') {
  n++;
  return { name: `Marta${n}`, surnames: 'Vidal', email: `marta${n}@example.com`, phone: '933 000 000', mobilePhone };
}

/** The e-mails the booking got, oldest first: template, subject, text and how many attachments. */
async function mailsOf(bookingId: number) {
  const { docs } = await payload.find({
    collection: 'email-log',
    where: { ref: { equals: `bookings:${bookingId}` } },
    sort: 'createdAt',
    limit: 50,
    overrideAccess: true,
    depth: 0,
  });
  return docs.map((d) => ({ template: String(d.template), subject: String(d.subject), text: String(d.text ?? '') }));
}

/** The SMS queued (jobs), as their input: number, text, ref. */
async function smsOf(bookingId: number) {
  const { docs } = await payload.find({
    collection: 'payload-jobs',
    where: { taskSlug: { equals: 'sendSms' } },
    limit: 500,
    overrideAccess: true,
    depth: 0,
  });
  return docs
    .map((d) => (d.input as { message: { to: string; text: string; ref?: string } }).message)
    .filter((m) => m.ref?.endsWith(`:${bookingId}`));
}

async function paid(locale: Locale, mobilePhone?: string, departureId?: number) {
  const departure = departureId ?? (await addDeparture(payload, shop, { capacity: 20 }));
  const booking = await paidBooking(payload, departure, { adults: 2, locale, customer: customer(mobilePhone) });
  return { ...booking, departure };
}

const after = (mails: { template: string }[], count: number) => mails.slice(count).map((m) => m.template);

describe(`notices of booking changes on ${testDatabaseKind}`, () => {
  it('office cancels with a full refund: a cancellation e-mail and SMS, then the refund with its amount and date', async () => {
    const b = await paid('ca');
    const before = (await mailsOf(b.bookingId)).length;
    const result = await cancelBooking(
      payload,
      { reference: b.reference, refund: 'full', reason: 'client ho demana per telèfon', by: 'user:1' },
      { provider },
    );
    expect(result).toMatchObject({ ok: true, refund: { ok: true } });
    const mails = await mailsOf(b.bookingId);
    expect(after(mails, before).filter((t) => t.startsWith('booking-'))).toEqual([
      'booking-cancelled',
      'booking-refunded',
    ]);
    const cancelled = mails.find((m) => m.template === 'booking-cancelled')!;
    expect(cancelled.text).toContain(`La nostra oficina ha cancel·lat la teva reserva ${b.reference}`);
    // The office's free-text reason is its own note, never pasted into the customer's message.
    expect(cancelled.text).not.toContain('telèfon');
    const refunded = mails.find((m) => m.template === 'booking-refunded')!;
    expect(refunded.subject).toContain('30,00');
    expect(refunded.text).toMatch(/com a molt tard (?:el |l')\d+ d(?:e |’)\S+/);
    expect(refunded.text).toContain('La reserva està cancel·lada');
    // The link in the notice opens the booking page (it no longer says "not valid": e2e).
    expect(cancelled.text).toMatch(new RegExp(`/reserva/${b.reference}\\?firma=`));
    const sms = await smsOf(b.bookingId);
    expect(sms.map((m) => m.to)).toEqual(['+34633444555']);
    expect(sms[0]!.text).toContain(b.reference);
  });

  it('a visitor who takes the refund of a weather-cancelled trip gets its confirmation, not an office notice', async () => {
    const b = await paid('fr');
    await cancelDeparture(payload, { departureId: b.departure, reason: 'wind', by: 'user:1' });
    const before = (await mailsOf(b.bookingId)).length;
    expect(await refundDisrupted(payload, { reference: b.reference, by: 'visitor' }, { provider })).toMatchObject({
      ok: true,
    });
    const mails = await mailsOf(b.bookingId);
    expect(after(mails, before).filter((t) => t.startsWith('booking-'))).toEqual(['booking-refunded']);
    const refunded = mails.find((m) => m.template === 'booking-refunded')!;
    expect(refunded.text).toContain("Comme vous l'avez choisi, nous vous avons remboursé");
    expect(refunded.text).not.toContain('Notre bureau');
  });

  it('office moves a booking: ONE e-mail, the new tickets with the change as subject, and an SMS', async () => {
    const b = await paid('en', '+44 7911 123456');
    const to = await addDeparture(payload, shop, { capacity: 20 });
    const before = (await mailsOf(b.bookingId)).length;
    expect(
      await moveBooking(payload, { reference: b.reference, departureId: to, by: 'user:3' }, { provider }),
    ).toMatchObject({
      ok: true,
    });
    const mails = await mailsOf(b.bookingId);
    expect(after(mails, before)).toEqual(['booking-moved']);
    const moved = mails.at(-1)!;
    expect(moved.subject).toMatch(/^Your trip has changed: booking /);
    expect(moved.text).toContain(`Our office has moved your booking ${b.reference}`);
    expect(moved.text).toContain('Your previous tickets are no longer valid');
    expect(moved.text).toContain('attached to this e-mail');
    const sms = await smsOf(b.bookingId);
    expect(sms.map((m) => m.to)).toEqual(['+447911123456']);
    expect(sms[0]!.text).toContain('previous tickets are no longer valid');
  });

  it('a visitor who moves their disrupted booking themselves gets a confirmation worded as theirs', async () => {
    const b = await paid('es');
    const to = await addDeparture(payload, shop, { capacity: 20 });
    await cancelDeparture(payload, { departureId: b.departure, reason: 'seaState', by: 'user:1' });
    const before = (await mailsOf(b.bookingId)).length;
    expect(await rebookDisrupted(payload, { reference: b.reference, departureId: to, by: 'visitor' })).toMatchObject({
      ok: true,
    });
    const mails = await mailsOf(b.bookingId);
    expect(after(mails, before)).toEqual(['booking-moved']);
    expect(mails.at(-1)!.text).toContain(`Tal como nos has pedido, tu reserva ${b.reference} ha cambiado`);
  });

  it('an offered move the office withdraws is told: nothing to pay, the booking stands', async () => {
    const b = await paid('en');
    const dearer = await makeTour(payload, { menuKey: 'magic' });
    await payload.update({
      collection: 'tours',
      id: dearer.tourId,
      data: { booking: { roundTrip: { adult: 2000, reduced: 1500, child: 1000 } } } as never,
    });
    const to = await addDeparture(payload, dearer, { capacity: 20 });
    const offered = await moveBooking(
      payload,
      { reference: b.reference, departureId: to, by: 'user:3', collect: 'link' },
      { provider },
    );
    expect(offered).toMatchObject({ ok: true, pendingMove: expect.anything() });
    const before = (await mailsOf(b.bookingId)).length;
    expect(await withdrawMove(payload, { reference: b.reference, by: 'user:3' })).toEqual({ ok: true, withdrawn: 1 });
    const mails = await mailsOf(b.bookingId);
    expect(after(mails, before)).toEqual(['booking-move-withdrawn']);
    expect(mails.at(-1)!.text).toContain('there is nothing to pay');
  });

  it('a correction names the corrected fields, in the language, without their values', async () => {
    const b = await paid('fr');
    const before = (await mailsOf(b.bookingId)).length;
    await correctBooking(payload, {
      reference: b.reference,
      changes: { name: 'Martine', mobilePhone: '+33 6 12 34 56 78' },
      by: 'user:1',
    });
    const mails = await mailsOf(b.bookingId);
    expect(after(mails, before)).toEqual(['booking-corrected']);
    expect(mails.at(-1)!.text).toContain('Notre bureau a corrigé le prénom et le portable pour le jour du départ');
    expect(mails.at(-1)!.text).not.toContain('12 34 56 78');
  });

  it('no SMS to a number that cannot be a mobile; the e-mail still goes', async () => {
    const b = await paid('ca', '933 111 222');
    await cancelBooking(payload, { reference: b.reference, refund: 'none', reason: 'x', by: 'user:1' }, { provider });
    expect((await mailsOf(b.bookingId)).map((m) => m.template)).toContain('booking-cancelled');
    expect(await smsOf(b.bookingId)).toEqual([]);
  });

  it('a payment that lands after its departure was cancelled reads as refunded, never confirmed', async () => {
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const { held, request } = await heldAndStarted(payload, departureId, { adults: 2, locale: 'en' });
    await cancelDeparture(payload, { departureId, reason: 'wind', by: 'user:1' });
    await payAtSandbox(payload, request);
    const state = (await loadBookingState(payload, held.reference, 'en'))!;
    expect(state).toMatchObject({ view: 'cancelled', late: true, refundedCents: 3000, refundByCard: true });
    const text = await describeBookingState(state, 'en');
    expect(text.title).toBe('Your payment arrived too late');
    expect(text.lines.join(' ')).toMatch(/There is no booking/);
    expect(text.lines.join(' ')).toMatch(
      /€30\.00 was returned to you on \d+ \w+\. Banks usually show it on the card within 5 to 10 working days, by \d+ \w+ at the latest\./,
    );
    expect(text.lines.join(' ')).not.toMatch(/confirmed/i);
    expect(text.history.map((h) => h.text)).toEqual(
      expect.arrayContaining(['Booking made', 'Payment of €30.00 received', '€30.00 returned']),
    );
  });
});
