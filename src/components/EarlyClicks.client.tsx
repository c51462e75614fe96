'use client';

import { useEffect } from 'react';

import { REPLAY_EARLY_CLICKS } from '../perf/early-clicks.mjs';

/**
 * The page has hydrated: buttons tapped while its scripts were still on their way are clicked
 * again now (src/perf/deferred-scripts.mjs holds them). Rendered last in the layout, so every
 * component before it has its handlers by the time this effect runs.
 */
export function EarlyClicks() {
  useEffect(() => {
    const replay = (window as unknown as Record<string, unknown>)[REPLAY_EARLY_CLICKS];
    if (typeof replay === 'function') replay();
  }, []);
  return null;
}
