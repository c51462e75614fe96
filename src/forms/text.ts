import type { ErrorCode } from './error-codes';

/** Every string the form layer shows, translated by the server component that renders a form. */
export type FormText = {
  errors: Record<ErrorCode, string>;
  incomplete: string;
  sent: string;
  sentDetail: string;
  failed: string;
  rejected: string;
  rateLimited: string;
  tooFast: string;
  sending: string;
  required: string;
  optional: string;
  honeypot: string;
};

export const formTextKeys = [
  'incomplete',
  'sent',
  'sentDetail',
  'failed',
  'rejected',
  'rateLimited',
  'tooFast',
  'sending',
  'required',
  'optional',
  'honeypot',
] as const satisfies readonly Exclude<keyof FormText, 'errors'>[];
