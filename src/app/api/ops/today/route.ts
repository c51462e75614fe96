import { isLocalDate } from '@/i18n/time';
import { partnersLowOnCodes } from '@/operations/door';
import { departuresNeedingAttention } from '@/schedule/timetable-changes';
import { todayBoard } from '@/operations/today-board';
import { windThresholds, withWeather } from '@/content/board-weather';
import { json, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

/** GET /api/ops/today — today's departures with seats, persons on board, status and weather. */
export const GET = staffRoute({ action: 'today.read' }, async ({ payload, request, language, can }) => {
  const now = new Date();
  // ?date=YYYY-MM-DD shows another day to those the policy lets see it; the crew always get today.
  const asked = new URL(request.url).searchParams.get('date');
  const otherDay = asked !== null && isLocalDate(asked) && can('today.read', { sailsOn: asked }) ? asked : undefined;
  const [board, thresholds] = await Promise.all([
    todayBoard(payload, { locale: language, now, ...(otherDay ? { date: otherDay } : {}) }),
    windThresholds(payload),
  ]);
  // Departures a timetable change left to sort out: the office's job.
  const needsAttention = can('departure.manage') ? await needingAttention(payload, language, now) : [];
  // Partners whose supplied admission codes run low: the office asks for more before sales stop.
  const partnersLowOnCodesList = can('partners.read') ? await partnersLowOnCodes(payload) : [];
  return json({
    ok: true,
    date: board.date,
    now: now.toISOString(),
    thresholds,
    departures: await withWeather(board.departures, thresholds, now.getTime()),
    needsAttention,
    partnersLowOnCodes: partnersLowOnCodesList,
  });
});

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
