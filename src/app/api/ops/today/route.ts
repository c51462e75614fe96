import { isLocalDate } from '@/booking/time';
import { departuresNeedingAttention } from '@/schedule/timetable-changes';
import { todayBoard } from '@/operations/today-board';
import { windThresholds, withWeather } from '@/operations/board-weather';
import { json, staffLanguage } from '@/operations/http';
import { requireStaff } from '@/lib/staff-session';

export const dynamic = 'force-dynamic';

/** GET /api/ops/today — today's departures with seats, persons on board, status and weather. */
export async function GET(request: Request): Promise<Response> {
  const session = await requireStaff(request, ['admin', 'office', 'crew']);
  if ('response' in session) return session.response;
  const now = new Date();
  const language = staffLanguage(request);
  // ?date=YYYY-MM-DD shows another day to the office; the crew always get today.
  const asked = new URL(request.url).searchParams.get('date');
  const otherDay = session.user.role !== 'crew' && asked !== null && isLocalDate(asked) ? asked : undefined;
  const [board, thresholds] = await Promise.all([
    todayBoard(session.payload, { locale: language, now, ...(otherDay ? { date: otherDay } : {}) }),
    windThresholds(session.payload),
  ]);
  const needsAttention = session.user.role === 'crew' ? [] : await needingAttention(session.payload, language, now);
  return json({
    ok: true,
    date: board.date,
    now: now.toISOString(),
    thresholds,
    departures: await withWeather(board.departures, thresholds, now.getTime()),
    needsAttention,
  });
}

async function needingAttention(
  payload: Parameters<typeof departuresNeedingAttention>[0],
  language: string,
  now: Date,
) {
  const departures = await departuresNeedingAttention(payload, now);
  if (departures.length === 0) return [];
  const { docs } = await payload.find({
    collection: 'tours',
    where: { id: { in: [...new Set(departures.map((d) => d.tourId))] } },
    locale: language as 'ca',
    depth: 0,
    pagination: false,
  });
  const titles = new Map(docs.map((tour) => [tour.id, tour.title]));
  return departures.map((d) => ({ ...d, tour: titles.get(d.tourId) ?? '' }));
}
