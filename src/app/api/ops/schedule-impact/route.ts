import { z } from 'zod';

import { isLocalDate } from '@/i18n/time';
import { cancellationImpact } from '@/operations/cancellation-impact';
import { departuresStrandedByClosedDay } from '@/schedule/closed-days';
import type { TimetableDoc } from '@/schedule/departures';
import { departuresStrandedByTimetableChange } from '@/schedule/timetable-changes';
import { json, staffRoute } from '@/security/staff-route';

export const dynamic = 'force-dynamic';

const ref = z.union([z.number().int(), z.string().regex(/^\d+$/)]).nullish();
const text = z.string().max(40).nullish();
const localDate = z.string().refine(isLocalDate);

/** The fields of a timetable that decide its departures (the admin form sends the whole document). */
const timetableFields = z.object({
  tour: ref,
  boat: ref,
  validFrom: text,
  validTo: text,
  days: text,
  weekdays: z
    .array(z.union([z.string().max(2), z.number().int()]))
    .max(7)
    .nullish(),
  times: z
    .array(z.object({ time: text }))
    .max(200)
    .nullish(),
  closedDates: z
    .array(z.object({ date: text }))
    .max(2000)
    .nullish(),
  extraDepartures: z
    .array(z.object({ date: text, time: text }))
    .max(2000)
    .nullish(),
  active: z.boolean().nullish(),
});

const bodySchema = z.union([
  z.object({
    timetable: z.object({ id: z.number().int().positive(), deleted: z.boolean().optional() }).and(timetableFields),
  }),
  z.object({ closedDay: z.object({ date: localDate, tour: ref }) }),
]);

/**
 * POST /api/ops/schedule-impact — before a timetable edit or a closed day is saved, the booked
 * departures it would leave without their sailing and who is on them (bookings, people, by
 * language), so the office sees "12 bookings, 34 people" before saving. Saving closes those
 * departures for sale and lists them under "needs attention", where one click cancels each and
 * tells everyone (docs/decisions/170-schedule-changes-are-disruptions.md). Nothing is written here.
 */
export const POST = staffRoute({ action: 'departure.manage', body: bodySchema }, async ({ payload, body }) => {
  const now = new Date();
  let departures: Awaited<ReturnType<typeof departuresStrandedByClosedDay>>;
  if ('closedDay' in body) {
    departures = await departuresStrandedByClosedDay(
      payload,
      { date: body.closedDay.date, tour: body.closedDay.tour ?? null },
      now,
    );
  } else {
    const { id, deleted, ...fields } = body.timetable;
    const proposed = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    departures = await departuresStrandedByTimetableChange(
      payload,
      id,
      deleted ? null : (proposed as TimetableDoc),
      now,
    );
  }
  return json({
    ok: true,
    departures,
    impact: await cancellationImpact(
      payload,
      departures.map((d) => d.id),
      now,
    ),
  });
});
