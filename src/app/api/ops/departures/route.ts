import { createExtraDeparture } from '@/operations/departures';
import { isLocalDate, madridToday } from '@/i18n/time';
import { todayBoard } from '@/operations/today-board';
import { opsError } from '@/operations/http';
import { json, jsonObject, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/** POST /api/ops/departures {"tour", "boat", "date": "YYYY-MM-DD", "time": "HH:MM", "capacity"?} — an extra sailing. */
export const POST = staffRoute(
  {
    action: 'departure.manage',
    body: jsonObject,
    invalidBody: ({ language }) => opsError(language, 'invalidInput'),
  },
  async ({ payload, body, language, by }) => {
    const result = await createExtraDeparture(
      payload,
      { tour: body.tour, boat: body.boat, date: body.date, time: body.time, capacity: body.capacity },
      new Date(),
      by,
    );
    return result.ok ? json(result, 201) : opsError(language, result.error, result.details);
  },
);

/**
 * GET /api/ops/departures?date=YYYY-MM-DD — a Madrid day's departures with seats free, for the
 * box office: `sellable` until the boat leaves, unless closed by staff or cancelled.
 */
export const GET = staffRoute({ action: 'departure.read' }, async ({ payload, request, language }) => {
  const now = new Date();
  const date = new URL(request.url).searchParams.get('date') ?? madridToday(now);
  if (!isLocalDate(date)) return opsError(language, 'invalidInput');
  const board = await todayBoard(payload, { locale: language, now, date });
  return json({
    ok: true,
    date: board.date,
    departures: board.departures.map((d) => ({
      id: d.id,
      tourId: d.tourId,
      tourTitle: d.tourTitle,
      boatName: d.boatName,
      startsAt: d.startsAt,
      time: d.time,
      capacity: d.capacity,
      free: d.free,
      sellable: !d.closedByStaff && d.status !== 'cancelled' && d.status !== 'departed',
    })),
  });
});
