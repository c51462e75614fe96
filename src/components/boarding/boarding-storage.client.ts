'use client';

import type { BoardingListEntry, DepartureSummary, ReplacedTicket } from '@/operations/boarding-decision';

/**
 * What the phone keeps in localStorage: the departure it is boarding, that departure's list (to
 * answer offline) and the check-ins made offline, per departure (docs/decisions/070-boarding.md).
 */
export type StoredList = {
  departure: DepartureSummary;
  tickets: BoardingListEntry[];
  /** Old tickets of bookings that moved away, with the server's "replaced" answer (absent in older lists). */
  replaced?: ReplacedTicket[];
  fetchedAt: string;
};

/** The list to keep, from the server's answer. */
export const listFrom = (body: StoredList): StoredList => ({
  departure: body.departure,
  tickets: body.tickets,
  replaced: body.replaced ?? [],
  fetchedAt: body.fetchedAt,
});

const KEY = 'golondrinas.boarding';
const DEPARTURE_KEY = `${KEY}.departure`;
const listKey = (id: number) => `${KEY}.list.${id}`;
/** A departure's offline check-ins (../staff-app/offline-queue.client.ts); the same key as ever, so an update loses none. */
export const boardingQueueKey = (id: number) => `${KEY}.queue.${id}`;

function load<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function save(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only costs the offline mode; scanning online still works.
  }
}

export const storedList = (id: number) => load<StoredList>(listKey(id));
export const storeList = (id: number, list: StoredList) => save(listKey(id), list);

/** Every departure's list this phone keeps, by departure id. */
function storedListIds(): number[] {
  const ids: number[] = [];
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(`${KEY}.list.`)) ids.push(Number(key.slice(`${KEY}.list.`.length)));
    }
  } catch {
    // No storage: nothing kept.
  }
  return ids.filter((id) => Number.isSafeInteger(id));
}

/**
 * Drops the lists (lead names) of departures not sailing `today` (Madrid): a phone keeps one day's
 * passengers, no more. Their queues stay until the server has them.
 */
export function forgetListsOtherThan(today: string): void {
  for (const id of storedListIds()) {
    if (storedList(id)?.departure.date !== today) window.localStorage.removeItem(listKey(id));
  }
}

/** Signed out: the lists and the departure go; the queues stay until someone sends them. */
export function forgetLists(): void {
  try {
    for (const id of storedListIds()) window.localStorage.removeItem(listKey(id));
    window.localStorage.removeItem(DEPARTURE_KEY);
  } catch {
    // No storage: nothing kept.
  }
}

export function rememberedDeparture(): number | null {
  try {
    return Number(window.localStorage.getItem(DEPARTURE_KEY)) || null;
  } catch {
    return null;
  }
}

export function rememberDeparture(id: number | null): void {
  try {
    if (id === null) window.localStorage.removeItem(DEPARTURE_KEY);
    else window.localStorage.setItem(DEPARTURE_KEY, String(id));
  } catch {
    // Without storage the phone only forgets its departure on a reload.
  }
}
