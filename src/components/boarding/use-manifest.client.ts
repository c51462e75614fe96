'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

import type { BoardingListEntry } from '@/operations/boarding-decision';

import { api } from '../staff-app/staff-api.client';
import { listFrom, storedList, storeList, type StoredList } from './boarding-storage.client';

/**
 * The departure's list the phone answers from offline: loaded from the phone's storage when the
 * departure is picked (a reload on the quay keeps it), replaced by the server's whenever it can be
 * fetched, and changed by the phone's own check-ins and the server's answers meanwhile.
 */
export function useManifest(departureId: number | null) {
  const [list, setList] = useState<StoredList | null>(null);
  // Changes are computed from the latest list, not the one a callback's render saw.
  const current = useRef<StoredList | null>(null);
  const commit = useCallback((id: number, next: StoredList | null) => {
    current.current = next;
    setList(next);
    if (next) storeList(id, next);
  }, []);

  useEffect(() => {
    if (departureId === null) return;
    const stored = storedList(departureId);
    current.current = stored;
    // The phone's storage is read once mounted, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setList(stored);
  }, [departureId]);

  // Only the newest list request may land: one that left before a scan would otherwise arrive
  // after it and show the scanned ticket as not on board until the next refresh, 20 s later.
  const listRequest = useRef(0);
  const refresh = useCallback(
    async (id: number) => {
      const mine = ++listRequest.current;
      const body = await api<StoredList>(`/api/boarding/departures/${id}/tickets`);
      if (mine !== listRequest.current) return;
      commit(id, listFrom(body));
    },
    [commit],
  );

  /** Changes the list's tickets (a check-in made here, an answer of the server); none before it loaded. */
  const update = useCallback(
    (id: number, change: (tickets: readonly BoardingListEntry[]) => BoardingListEntry[]) => {
      const previous = current.current;
      if (previous) commit(id, { ...previous, tickets: change(previous.tickets) });
    },
    [commit],
  );

  return { list, refresh, update };
}
