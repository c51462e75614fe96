import type { Payload } from 'payload';

import { paidBookingsOnDeparture } from '../booking/bookings-repository';
import { shopDb } from '../booking/db';
import { findDeparture } from '../booking/departures-repository';
import { phoneForDisplay } from '../sms/phone';

/**
 * The passenger list of one departure: every paid booking with its lead passenger, how many of
 * each ticket category, audio guides, the mobile phone for the day, comments and how many of
 * its people have boarded. Only paid bookings sail: a refund-pending late payment has no seat.
 */
export type ManifestLine = {
  reference: string;
  leadName: string;
  adults: number;
  reduced: number;
  children: number;
  super3: number;
  persons: number;
  audioGuides: number;
  mobilePhone: string;
  comments: string;
  boarded: number;
};

export type Manifest = {
  departure: {
    id: number;
    tourId: number;
    boatId: number;
    startsAt: string;
    date: string;
    time: string;
    status: string;
    capacity: number;
  };
  lines: ManifestLine[];
  totals: Omit<ManifestLine, 'reference' | 'leadName' | 'mobilePhone' | 'comments'> & { bookings: number };
};

export async function loadManifest(payload: Payload, departureId: number): Promise<Manifest | null> {
  const db = shopDb(payload);
  const d = await findDeparture(db, departureId);
  if (!d) return null;
  const lines: ManifestLine[] = (await paidBookingsOnDeparture(db, departureId)).map((b) => ({
    reference: b.reference,
    leadName: `${b.name} ${b.surnames}`.trim(),
    adults: b.adult,
    reduced: b.reduced,
    children: b.child,
    super3: b.super3,
    persons: b.seats,
    audioGuides: b.audioGuides,
    mobilePhone: phoneForDisplay(b.mobilePhone),
    comments: b.comments,
    boarded: b.boarded,
  }));
  const sum = (key: keyof ManifestLine) => lines.reduce((total, line) => total + Number(line[key]), 0);
  return {
    departure: {
      id: d.id,
      tourId: d.tourId,
      boatId: d.boatId,
      startsAt: d.startsAt.toISOString(),
      date: d.localDate,
      time: d.localTime,
      status: d.status,
      capacity: d.capacity,
    },
    lines,
    totals: {
      bookings: lines.length,
      adults: sum('adults'),
      reduced: sum('reduced'),
      children: sum('children'),
      super3: sum('super3'),
      persons: sum('persons'),
      audioGuides: sum('audioGuides'),
      boarded: sum('boarded'),
    },
  };
}

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe
 * (OWASP CSV injection), except phone numbers like "+34 600…", which are data, not formulas.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s()]+$/.test(text))) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export type ManifestCsvLabels = {
  reference: string;
  leadName: string;
  adults: string;
  reduced: string;
  children: string;
  super3: string;
  persons: string;
  audioGuides: string;
  mobilePhone: string;
  comments: string;
  boarded: string;
  total: string;
};

/** CSV for a spreadsheet: header row in the staff member's language, one row per booking, totals last. */
export function manifestCsv(manifest: Manifest, labels: ManifestCsvLabels): string {
  const columns = [
    'reference',
    'leadName',
    'adults',
    'reduced',
    'children',
    'super3',
    'persons',
    'audioGuides',
    'mobilePhone',
    'comments',
    'boarded',
  ] as const;
  const lines = [columns.map((c) => csvCell(labels[c]))];
  for (const line of manifest.lines) lines.push(columns.map((c) => csvCell(line[c])));
  const t = manifest.totals;
  lines.push(
    [
      labels.total,
      String(t.bookings),
      t.adults,
      t.reduced,
      t.children,
      t.super3,
      t.persons,
      t.audioGuides,
      '',
      '',
      t.boarded,
    ].map((v) => csvCell(v)),
  );
  // CRLF per RFC 4180, and a BOM so Excel opens the UTF-8 names (Ñ, à, ç) correctly.
  return `\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}
