import type { ContentIdKind } from '@/i18n/routes';

/** Every id a `[id]` route can show, per content kind (GET /api/site/content-ids). */
export type ContentIds = Record<ContentIdKind, readonly string[]>;

type CatalogueOptions = {
  load: () => Promise<ContentIds>;
  now?: () => number;
  /** How long a loaded list is trusted for ids it contains. */
  maxAgeMs?: number;
  /**
   * An id missing from a list older than this is checked against a fresh list first, so a tour
   * staff have just added is never answered 404 for long; a stream of unknown ids (a scanner)
   * still costs at most one load per interval.
   */
  confirmMissAfterMs?: number;
  /** After a failed load, answer "cannot tell" without trying again for this long. */
  retryAfterFailureMs?: number;
};

type Loaded = { ids: Record<ContentIdKind, Set<string>>; loadedAt: number };

/**
 * The proxy's view of which tours and school tours exist. Next renders a page's `notFound()` as an
 * empty error shell that only scripts fill (docs/decisions/118-unknown-ids-answered-by-the-proxy.md),
 * so the proxy answers unknown ids itself with the server-rendered 404.
 */
export function createContentIdCatalogue({
  load,
  now = Date.now,
  maxAgeMs = 60_000,
  confirmMissAfterMs = 2_000,
  retryAfterFailureMs = 5_000,
}: CatalogueOptions) {
  let current: Loaded | undefined;
  let inFlight: Promise<Loaded> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  let generation = 0;

  function refresh(): Promise<Loaded> {
    if (inFlight) return inFlight;
    const started = generation;
    const loading = load()
      .then((ids) => {
        const loaded: Loaded = {
          ids: { tours: new Set(ids.tours), schoolTours: new Set(ids.schoolTours) },
          loadedAt: now(),
        };
        // A list asked for before forget() may predate the change that called it.
        if (started === generation) current = loaded;
        return loaded;
      })
      .catch((error: unknown) => {
        failedAt = now();
        throw error;
      })
      .finally(() => {
        if (inFlight === loading) inFlight = undefined;
      });
    inFlight = loading;
    return loading;
  }

  return {
    /** Whether the id exists; undefined when the list cannot be had (the page then decides). */
    async exists(kind: ContentIdKind, id: string): Promise<boolean | undefined> {
      try {
        let list = current;
        if (!list || now() - list.loadedAt > maxAgeMs) {
          if (now() - failedAt < retryAfterFailureMs) return undefined;
          list = await refresh();
        }
        if (list.ids[kind].has(id)) return true;
        if (now() - list.loadedAt > confirmMissAfterMs) list = await refresh();
        return list.ids[kind].has(id);
      } catch {
        return undefined;
      }
    },
    /** Content changed on this instance: the next question loads the list again. */
    forget() {
      generation += 1;
      current = undefined;
      inFlight = undefined;
    },
  };
}
