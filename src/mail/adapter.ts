import addressparser from 'nodemailer/lib/addressparser';
import type { EmailAdapter, SendEmailOptions } from 'payload';

import { env } from '@/lib/env';

import type { MailAddress } from './message';
import { deliver, mailFrom } from './transport';

type AddressInput = SendEmailOptions['to'];

function addresses(input: AddressInput): MailAddress[] {
  const list = Array.isArray(input) ? input : input ? [input] : [];
  return list.flatMap((entry) => {
    if (typeof entry === 'string') {
      return addressparser(entry, { flatten: true }).flatMap((a) =>
        'address' in a && typeof a.address === 'string' ? [{ address: a.address, name: a.name || undefined }] : [],
      );
    }
    return 'address' in entry && typeof entry.address === 'string'
      ? [{ address: entry.address, name: entry.name || undefined }]
      : [];
  });
}

/**
 * `payload.sendEmail` (password resets, Payload's own mail) through the same transport as the
 * site's messages. It sends right away because Payload awaits it; the site's own mail goes
 * through queueEmail for retries.
 */
export const mailAdapter: EmailAdapter = () => ({
  name: 'site-mail',
  defaultFromAddress: env().MAIL_FROM,
  defaultFromName: mailFrom().name,
  sendEmail: async (options) => {
    const text = typeof options.text === 'string' ? options.text : undefined;
    const html = typeof options.html === 'string' ? options.html : undefined;
    return deliver({
      to: addresses(options.to),
      subject: typeof options.subject === 'string' ? options.subject : '(no subject)',
      text: text ?? html?.replace(/<[^>]+>/g, ' ') ?? ' ',
      html,
      template: 'payload',
    });
  },
});
