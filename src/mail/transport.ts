import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';

import { env } from '@/lib/env';

import { mailMessageSchema, type MailMessage } from './message';

// Not `server-only`: the Payload config imports this, and the payload CLI (migrate, seed)
// loads that config outside Next. Nothing here is reachable from a client component.

export type Delivery = {
  messageId: string;
  /** The .eml file name in the outbox folder, when the outbox transport is in use. */
  emlFile?: string;
  transport: 'smtp' | 'outbox';
};

let smtp: Transporter | undefined;
let outbox: Transporter | undefined;

export function outboxDir(): string {
  // The outbox lives outside the build; tell the bundler not to trace the project from here.
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), env().MAIL_OUTBOX_DIR);
}

export function mailFrom(): { name: string; address: string } {
  return { name: env().SITE_BRAND, address: env().MAIL_FROM };
}

/** Turns a validated message into nodemailer options; every header comes from parsed values. */
export function toNodemailer(message: MailMessage): SendMailOptions {
  const m = mailMessageSchema.parse(message);
  return {
    from: mailFrom(),
    to: m.to,
    replyTo: m.replyTo,
    subject: m.subject,
    text: m.text,
    html: m.html,
    attachments: m.attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.contentBase64, 'base64'),
    })),
    // Keeps nodemailer from reading files or URLs named in the message, whatever they contain.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * Sends one message: over SMTP when SMTP_URL is set, otherwise into the outbox folder as a
 * complete RFC 822 `.eml` file (what an SMTP server would have received, attachments included).
 */
export async function deliver(message: MailMessage): Promise<Delivery> {
  const options = toNodemailer(message);
  const config = env();
  if (config.SMTP_URL) {
    smtp ??= nodemailer.createTransport(config.SMTP_URL);
    const info = await smtp.sendMail(options);
    return { messageId: String(info.messageId), transport: 'smtp' };
  }
  outbox ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await outbox.sendMail(options);
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const emlFile = `${stamp}-${randomBytes(4).toString('hex')}.eml`;
  await writeFile(path.join(dir, emlFile), info.message as Buffer);
  return { messageId: String(info.messageId), emlFile, transport: 'outbox' };
}
