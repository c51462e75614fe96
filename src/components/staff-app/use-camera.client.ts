'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

import { createScanner, type Scanner } from './camera-scanner.client';
import { feedback } from './feedback.client';
import { keepLoadedOnDemand } from './use-offline-app.client';

export type CameraState = 'off' | 'starting' | 'on' | 'unavailable';

/**
 * The same QR stays in view for a while: it is read once, and again only after it has been out of
 * view this long (each sighting restarts the wait, so a code left in front of the camera is one
 * scan). Shown again soon after, the page repeats its answer (REPEAT_SCAN_MS).
 */
const SAME_CODE_MS = 2500;

/** The phone's camera reading QR codes into `onRead`, with the video element it films into. */
export function useCamera(onRead: (code: string) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const scannerRef = useRef<Scanner | null>(null);
  const lastRead = useRef<{ code: string; at: number }>({ code: '', at: 0 });
  const [camera, setCamera] = useState<CameraState>('off');

  // The camera loop outlives renders; it always calls the latest handler.
  const onReadRef = useRef(onRead);
  useEffect(() => {
    onReadRef.current = onRead;
  }, [onRead]);

  const stop = useCallback(() => {
    scannerRef.current?.stop();
    scannerRef.current = null;
    setCamera('off');
  }, []);

  const start = useCallback(async () => {
    if (!videoRef.current) return;
    feedback('unlock');
    setCamera('starting');
    try {
      scannerRef.current = await createScanner(videoRef.current, (read) => {
        const now = Date.now();
        const seen = read === lastRead.current.code && now - lastRead.current.at < SAME_CODE_MS;
        lastRead.current = { code: read, at: now };
        if (!seen) onReadRef.current(read);
      });
      setCamera('on');
      // The decoder may just have loaded: the app's worker keeps it for the camera offline.
      keepLoadedOnDemand();
    } catch {
      setCamera('unavailable');
    }
  }, []);
  useEffect(() => () => scannerRef.current?.stop(), []);

  return { videoRef, camera, start, stop };
}
