// Its own module: Payload's config reads it through jobs.ts, and the pass texts (next-intl, in
// sync.ts) must load only when a job runs, not with every process that loads the config.
export const WALLET_QUEUE = 'wallet';
