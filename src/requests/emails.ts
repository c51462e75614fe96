import { createTranslator } from 'next-intl';

import { defaultLocale, type Locale } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { labelled, written } from '@/i18n/written';
import { env } from '@/lib/env';
import type { MailMessage } from '@/mail/message';

import { requestFields, type RequestKind } from './schemas';

export type StoredRequest = {
  id: number | string;
  kind: RequestKind;
  locale: Locale;
  title: string;
  contactName: string;
  email: string;
  data: Record<string, unknown>;
  /** The chosen tour's title in each language, when the form has a tour. */
  tourTitles?: Partial<Record<Locale, string>>;
};

async function translator(locale: Locale) {
  const messages = await loadMessages(locale);
  return written(locale, createTranslator({ locale, messages }));
}

async function summary(request: StoredRequest, locale: Locale): Promise<string> {
  const t = await translator(locale);
  const lines: string[] = [];
  // In the order of the form, so the visitor's copy reads like what they filled in.
  for (const field of requestFields[request.kind]) {
    const raw = request.data[field];
    if (raw === undefined || raw === null || raw === '') continue;
    let value = String(raw);
    if (field === 'visitLanguage') value = t(`requests.languages.${value}` as never);
    if (field === 'programme') value = t(`requests.programmes.${value}` as never);
    if (field === 'tour') value = value === 'other' ? t('requests.otherTour') : (request.tourTitles?.[locale] ?? value);
    const label = field === 'organisation' && request.kind === 'agency' ? 'agency' : field;
    // Multi-line answers stay readable and cannot be mistaken for another field's line.
    lines.push(labelled(locale, t(`requests.fields.${label}` as never), value.replace(/\r?\n/g, '\n    ')));
  }
  return lines.join('\n');
}

const ACK_NAME_MAX = 40;

/** The visitor's name as the acknowledgement greets them: one line, short, no links. */
export function ackName(name: string): string {
  const plain = name
    .replace(/(https?:\/\/|www\.)\S*/gi, '')
    .replace(/[<>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > ACK_NAME_MAX ? `${plain.slice(0, ACK_NAME_MAX - 1).trimEnd()}…` : plain;
}

/**
 * The two messages every request produces: one to the operator in the site's default language
 * (reply-to the visitor, so staff answer with one click) and an acknowledgement to the visitor
 * in the language they used, quoting nothing they wrote but their name.
 */
export async function requestEmails(request: StoredRequest): Promise<{ operator: MailMessage; visitor: MailMessage }> {
  const config = env();
  const ref = `requests:${request.id}`;
  const visitorAddress = { address: request.email, name: request.contactName };

  const staffLocale = defaultLocale;
  const ts = await translator(staffLocale);
  const operatorText = [
    ts('requestMail.operatorIntro', { language: ts(`requests.languages.${request.locale}` as never) }),
    '',
    await summary(request, staffLocale),
    '',
    ts('requestMail.operatorLink', { url: `${config.SITE_URL}/admin/collections/requests/${request.id}` }),
    ts('requestMail.reference', { id: String(request.id) }),
  ].join('\n');

  // The acknowledgement goes to whatever address was typed: it quotes nothing the visitor wrote
  // but a shortened name, so the form cannot relay someone's text to a stranger (issue 13).
  const tv = await translator(request.locale);
  const visitorText = [
    tv('requestMail.ackGreeting', { name: ackName(request.contactName) }),
    '',
    tv('requestMail.ackIntro'),
    '',
    tv('requestMail.ackOutro'),
    tv('requestMail.reference', { id: String(request.id) }),
    '',
    tv('requestMail.signature', { brand: config.SITE_BRAND }),
  ].join('\n');

  return {
    operator: {
      to: [{ address: config.OPERATOR_EMAIL, name: config.SITE_BRAND }],
      replyTo: visitorAddress,
      subject: ts('requestMail.operatorSubject', {
        kind: ts(`requests.kinds.${request.kind}` as never),
        title: request.title,
      }),
      text: operatorText,
      ref,
      template: `request-operator-${request.kind}`,
    },
    visitor: {
      to: [{ address: request.email, name: ackName(request.contactName) }],
      replyTo: { address: config.OPERATOR_EMAIL, name: config.SITE_BRAND },
      subject: tv('requestMail.ackSubject', { brand: config.SITE_BRAND }),
      text: visitorText,
      ref,
      template: `request-ack-${request.kind}`,
    },
  };
}
