import { createExtraDeparture } from '@/operations/departures';
import { isLocalDate, madridToday } from '@/booking/time';
import { todayBoard } from '@/operations/today-board';
import { json, opsError, readJson, staffLanguage } from '@/operations/http';
import { requireStaff } from '@/lib/staff-session';

export const dynamic = 'force-dynamic';

/** POST /api/ops/departures {"tour", "boat", "date": "YYYY-MM-DD", "time": "HH:MM", "capacity"?} — an extra sailing. */
export async function POST(request: Request): Promise<Response> {
  const session = await requireStaff(request, ['admin', 'office']);
  if ('response' in session) return session.response;
  const language = staffLanguage(request);
  const body = await readJson(request);
  if (!body) return opsError(language, 'invalidInput');
  const result = await createExtraDeparture(
    session.payload,
    {
      tour: body.tour,
      boat: body.boat,
      date: body.date,
      time: body.time,
      capacity: body.capacity,
    },
    new Date(),
    `user:${session.user.id}`,
  );
  return result.ok ? json(result, 201) : opsError(language, result.error, result.details);
}

/**
 * GET /api/ops/departures?date=YYYY-MM-DD — a Madrid day's departures with seats free, for the
 * box office: `sellable` until the boat leaves, unless closed by staff or cancelled.
 */
export async function GET(request: Request): Promise<Response> {
  const session = await requireStaff(request, ['admin', 'office']);
  if ('response' in session) return session.response;
  const now = new Date();
  const date = new URL(request.url).searchParams.get('date') ?? madridToday(now);
  if (!isLocalDate(date)) return opsError(staffLanguage(request), 'invalidInput');
  const board = await todayBoard(session.payload, { locale: staffLanguage(request), now, date });
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
}
