import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload';

/**
 * Public pages are ISR-cached. Any content edit in the back office invalidates every public page
 * (menus, cards and footers repeat titles across pages, so a narrower purge would miss some), and
 * the next visit renders fresh content: staff see their edit within seconds, with no restart.
 * Outside a Next server (seed script, tests) there is no cache to purge, and Next throws: ignore.
 */
async function revalidateSite(): Promise<void> {
  try {
    const { revalidatePath } = await import('next/cache');
    revalidatePath('/[locale]', 'layout');
  } catch {
    // Not running inside Next (CLI seed, integration tests): nothing is cached.
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
