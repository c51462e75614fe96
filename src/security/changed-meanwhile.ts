/**
 * What the domain's "another request changed it first" errors extend (`BookingChangedError` in
 * operations/rebook.ts, `IllegalTransitionError` in booking/transitions.ts), so that domain-errors.ts
 * answers them with one 409 without importing the layers above it. No imports: the sale's
 * core may extend it without pulling in anything.
 */
export class ChangedMeanwhileError extends Error {}
