import type { Payload } from 'payload';

import { locales, type Locale } from '@/i18n/locales';
import { logger } from '@/lib/logger';
import { queueEmail, REQUEST_EMAIL_QUEUE } from '@/mail/queue';

import { mayAcknowledge } from './ack-limits';

import { requestEmails } from './emails';
import type { AgencyRequest, ContactRequest, GroupRequest, RequestKind, SchoolRequest } from './schemas';

type DataOf = { school: SchoolRequest; group: GroupRequest; agency: AgencyRequest; contact: ContactRequest };

function columns<K extends RequestKind>(kind: K, input: DataOf[K]) {
  if (kind === 'school') {
    const d = input as SchoolRequest;
    return {
      title: d.schoolName,
      contactName: d.contactName,
      email: d.email,
      organisation: d.schoolName,
      organisationPhone: d.schoolPhone,
      visitLanguage: d.visitLanguage,
      students: d.students,
      grade: d.grade,
      teachers: d.teachers,
      programme: d.programme,
      preferredDate: d.preferredDate,
      alternativeDate: d.alternativeDate || undefined,
      message: d.comments || undefined,
    };
  }
  if (kind === 'contact') {
    const d = input as ContactRequest;
    return {
      title: d.subject ? `${d.name}: ${d.subject}` : d.name,
      contactName: d.name,
      email: d.email,
      phone: d.phone || undefined,
      subject: d.subject || undefined,
      message: d.message,
    };
  }
  const d = input as AgencyRequest;
  return {
    title: d.organisation,
    contactName: d.contactName,
    email: d.email,
    phone: d.phone,
    organisation: d.organisation,
    agencyLicence: d.agencyLicence || undefined,
    tour: d.tour,
    preferredDate: d.date,
    groupSize: d.groupSize,
    visitLanguage: d.visitLanguage,
    message: d.comments || undefined,
  };
}

/** A tour the visitor picked must exist; `other` is always allowed. */
export async function tourTitles(payload: Payload, slug: string): Promise<Partial<Record<Locale, string>> | null> {
  if (slug === 'other') return {};
  const titles: Partial<Record<Locale, string>> = {};
  for (const locale of locales) {
    const { docs } = await payload.find({
      collection: 'tours',
      where: { slug: { equals: slug } },
      locale,
      depth: 0,
      limit: 1,
      select: { title: true },
    });
    if (!docs[0]) return null;
    titles[locale] = docs[0].title;
  }
  return titles;
}

/**
 * Stores a request, then queues its two e-mails. Storing is what must not fail (it throws if
 * it does); a queueing problem is logged and the request stays in the back office regardless.
 */
export async function submitRequest<K extends RequestKind>(
  payload: Payload,
  { kind, locale, data, ip }: { kind: K; locale: Locale; data: DataOf[K]; ip?: string },
): Promise<{ id: number | string; emailIds: (number | string)[]; acknowledged: boolean }> {
  const titles = 'tour' in data ? await tourTitles(payload, (data as GroupRequest).tour) : undefined;
  const doc = await payload.create({
    collection: 'requests',
    overrideAccess: true,
    data: { kind, locale, status: 'new', ...columns(kind, data) },
  });
  const emailIds: (number | string)[] = [];
  let acknowledged = false;
  try {
    const mails = await requestEmails({
      id: doc.id,
      kind,
      locale,
      title: doc.title,
      contactName: doc.contactName,
      email: doc.email,
      data: data as Record<string, unknown>,
      tourTitles: titles ?? undefined,
    });
    emailIds.push(await queueEmail(payload, mails.operator, { queue: REQUEST_EMAIL_QUEUE }));
    if (await mayAcknowledge(payload, { address: doc.email, ip })) {
      emailIds.push(await queueEmail(payload, mails.visitor, { queue: REQUEST_EMAIL_QUEUE }));
      acknowledged = true;
    } else {
      logger.warn({ event: 'request.ack_skipped', kind, requestId: doc.id }, 'acknowledgement limit reached');
    }
  } catch (error) {
    logger.error(
      {
        event: 'request.mail_queue_failed',
        kind,
        requestId: doc.id,
        error: error instanceof Error ? error.name : 'unknown',
      },
      'request stored but its e-mails were not queued',
    );
  }
  if (emailIds.length > 0) {
    await payload.update({
      collection: 'requests',
      id: doc.id,
      overrideAccess: true,
      data: { emails: emailIds as number[] },
    });
  }
  logger.info({ event: 'request.stored', kind, requestId: doc.id, locale }, 'request stored');
  return { id: doc.id, emailIds, acknowledged };
}
