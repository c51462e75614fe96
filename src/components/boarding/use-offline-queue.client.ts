'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

import { afterSend, type QueuedCheckIn, type SyncOutcome } from '@/operations/boarding-decision';

import { api } from './boarding-api.client';
import { storedQueue, storeQueue } from './boarding-storage.client';

/**
 * The check-ins this phone made offline, kept in its storage per departure until the server has
 * them (`POST /api/boarding/sync`, idempotent: a queue sent twice boards once), and what the
 * server decided otherwise (conflicts) for the crew to see.
 */
export function useOfflineQueue(
  departureId: number | null,
  handlers: {
    /** The server's answers for the check-ins sent: the list takes its word. */
    onSynced: (id: number, outcomes: SyncOutcome[]) => Promise<void>;
    onError: (error: unknown) => void;
  },
) {
  const [queue, setQueue] = useState<QueuedCheckIn[]>([]);
  const [conflicts, setConflicts] = useState<SyncOutcome[]>([]);
  const syncing = useRef(false);
  const { onSynced, onError } = handlers;

  useEffect(() => {
    if (departureId === null) return;
    // The phone's storage is read once mounted, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setQueue(storedQueue(departureId));
  }, [departureId]);

  const enqueue = useCallback((id: number, checkIn: QueuedCheckIn) => {
    const pending = [...storedQueue(id), checkIn];
    storeQueue(id, pending);
    setQueue(pending);
  }, []);

  const send = useCallback(
    async (id: number) => {
      const pending = storedQueue(id);
      if (pending.length === 0 || syncing.current) return;
      syncing.current = true;
      try {
        const body = await api<{ results: SyncOutcome[] }>('/api/boarding/sync', { departure: id, checkIns: pending });
        const rest = afterSend(storedQueue(id), pending.length);
        storeQueue(id, rest);
        setQueue(rest);
        const found = body.results.filter((result) => result.conflict);
        if (found.length > 0) setConflicts((previous) => [...previous, ...found]);
        await onSynced(id, body.results);
      } catch (error) {
        onError(error);
      } finally {
        syncing.current = false;
      }
    },
    [onError, onSynced],
  );

  const dismissConflicts = useCallback(() => setConflicts([]), []);

  return { queue, enqueue, send, conflicts, dismissConflicts };
}
