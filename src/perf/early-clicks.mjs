// Shared by the start script of public pages (./deferred-scripts.mjs, server side) and the client
// code that calls it (src/components/EarlyClicks.client.tsx), which must not bundle the former.

/**
 * What the page's client code calls once it has hydrated: the buttons tapped before then are
 * clicked again, now that they answer.
 */
export const REPLAY_EARLY_CLICKS = '__replayEarlyClicks';
