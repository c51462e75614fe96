import { z } from 'zod';

/**
 * A message as callers hand it to the mail layer and as it sits in the jobs queue (JSON).
 * Addresses are objects validated as e-mail addresses and display names lose every control
 * character, so no header can ever be assembled from raw visitor input (no CR/LF injection);
 * nodemailer then encodes names and subjects itself.
 */
const noControl = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

export const mailAddressSchema = z.object({
  address: z.email().max(254),
  name: z.string().max(200).transform(noControl).optional(),
});
export type MailAddress = z.input<typeof mailAddressSchema>;

export const mailAttachmentSchema = z.object({
  filename: z.string().min(1).max(200).transform(noControl),
  contentType: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/),
  /** Base64, so the message survives the JSON round trip through the queue. */
  contentBase64: z.string(),
});

export const mailMessageSchema = z.object({
  to: z.array(mailAddressSchema).min(1).max(20),
  replyTo: mailAddressSchema.optional(),
  subject: z.string().min(1).max(300).transform(noControl),
  text: z.string().min(1).max(200_000),
  html: z.string().max(500_000).optional(),
  attachments: z.array(mailAttachmentSchema).max(10).optional(),
  /** What the message is about, e.g. `requests:42`, shown in the back office's e-mail log. */
  ref: z.string().max(100).optional(),
  /** A short label of the template, e.g. `request-operator`. */
  template: z.string().max(60).optional(),
});
export type MailMessage = z.input<typeof mailMessageSchema>;
export type ParsedMailMessage = z.output<typeof mailMessageSchema>;

export function formatAddress(address: { address: string; name?: string }): string {
  return address.name ? `${address.name} <${address.address}>` : address.address;
}
