'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

import { afterSend } from '@/operations/boarding-decision';

/**
 * What a phone of the staff's app did offline, kept in its storage until the server has it: the
 * crew's check-ins per departure (`POST /api/boarding/sync`), a door's admissions per partner
 * (`POST /api/partner/admissions/sync`). Both servers are idempotent (a queue sent twice counts
 * once), so a queue is sent whole and dropped once answered; items added meanwhile stay. What the
 * server decided otherwise (conflicts) is kept for the staff to see.
 */

function load<T>(key: string): T[] {
  try {
    const raw = window.localStorage.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

function save(key: string, items: readonly unknown[]): void {
  try {
    if (items.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(items));
  } catch {
    // A full or disabled storage only costs the offline mode; checking online still works.
  }
}

export const storedQueue = <T>(key: string): T[] => load<T>(key);
export const storeQueue = (key: string, items: readonly unknown[]) => save(key, items);

export function useOfflineQueue<K extends string | number, Item, Outcome extends { conflict: boolean }>(
  current: K | null,
  options: {
    /** Where `current`'s queue is kept (localStorage key). */
    storageKey: (key: K) => string;
    /** Sends a queue to the server, in order; its answers, one per item. */
    post: (key: K, items: Item[]) => Promise<Outcome[]>;
    /** The server's answers for the items sent: the phone's list takes its word. */
    onSynced: (key: K, outcomes: Outcome[]) => Promise<void> | void;
    onError: (error: unknown) => void;
  },
) {
  const [queue, setQueue] = useState<Item[]>([]);
  const [conflicts, setConflicts] = useState<Outcome[]>([]);
  const syncing = useRef(false);
  const { storageKey, post, onSynced, onError } = options;

  useEffect(() => {
    if (current === null) return;
    // The phone's storage is read once mounted, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setQueue(storedQueue<Item>(storageKey(current)));
  }, [current, storageKey]);

  const enqueue = useCallback(
    (key: K, item: Item) => {
      const pending = [...storedQueue<Item>(storageKey(key)), item];
      storeQueue(storageKey(key), pending);
      if (key === current) setQueue(pending);
    },
    [current, storageKey],
  );

  const send = useCallback(
    async (key: K) => {
      const pending = storedQueue<Item>(storageKey(key));
      if (pending.length === 0 || syncing.current) return;
      syncing.current = true;
      try {
        const outcomes = await post(key, pending);
        const rest = afterSend(storedQueue<Item>(storageKey(key)), pending.length);
        storeQueue(storageKey(key), rest);
        if (key === current) setQueue(rest);
        const found = outcomes.filter((outcome) => outcome.conflict);
        if (found.length > 0) setConflicts((previous) => [...previous, ...found]);
        await onSynced(key, outcomes);
      } catch (error) {
        onError(error);
      } finally {
        syncing.current = false;
      }
    },
    [current, onError, onSynced, post, storageKey],
  );

  const dismissConflicts = useCallback(() => setConflicts([]), []);

  return { queue, enqueue, send, conflicts, dismissConflicts };
}
