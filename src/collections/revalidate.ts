import { forgetAvailabilityContent } from '../schedule/availability';
import { logger } from '../lib/logger';

import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload';

/**
 * Public pages are ISR-cached. Any content edit in the back office invalidates every public page
 * (menus, cards and footers repeat titles across pages, so a narrower purge would miss some), and
 * the next visit renders fresh content: staff see their edit within seconds, with no restart.
 * Outside a Next server (seed script, tests) there is no cache to purge, and Next throws: ignore.
 */
async function revalidateSite(): Promise<void> {
  forgetAvailabilityContent();
  try {
    const { revalidatePath } = await import('next/cache');
    // Every page carries its root layout's implicit tag; '/[locale]' would miss the (site) route group.
    revalidatePath('/', 'layout');
    // scripts/server.mjs keeps finished pages a second (src/perf/page-cache.mjs): drop them too.
    (globalThis as Record<symbol, (() => void) | undefined>)[Symbol.for('golondrinas.page-cache.clear')]?.();
    // The proxy's list of tour and school ids (src/lib/content-ids.ts): a new tour is found at once.
    (globalThis as Record<symbol, (() => void) | undefined>)[Symbol.for('golondrinas.content-ids.forget')]?.();
  } catch (error) {
    // Not running inside Next (CLI seed, integration tests): nothing is cached.
    logger.debug({ reason: error instanceof Error ? error.message : 'unknown' }, 'page cache not purged');
  }
}

export const revalidateAfterChange: CollectionAfterChangeHook = async ({ doc }) => {
  await revalidateSite();
  return doc;
};

export const revalidateAfterDelete: CollectionAfterDeleteHook = async ({ doc }) => {
  await revalidateSite();
  return doc;
};

export const revalidateGlobalAfterChange: GlobalAfterChangeHook = async ({ doc }) => {
  await revalidateSite();
  return doc;
};

export const revalidateHooks = {
  afterChange: [revalidateAfterChange],
  afterDelete: [revalidateAfterDelete],
};
