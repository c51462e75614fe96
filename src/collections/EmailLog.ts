import { readFile } from 'node:fs/promises';
import path from 'node:path';

import type { CollectionConfig } from 'payload';

import { outboxDir } from '@/mail/transport';
import { can } from '@/security/policy';

import { allow } from './access';

export const emailStatuses = ['queued', 'sent', 'failed'] as const;

/**
 * One row per outgoing message: what went out, to whom, when, and why it failed if it did.
 * Rows are written by the mail layer only; staff read them (and download the .eml when the
 * local outbox is the transport) but never edit them.
 */
export const EmailLog: CollectionConfig = {
  slug: 'email-log',
  labels: { singular: 'E-mail', plural: 'E-mail log' },
  admin: {
    useAsTitle: 'subject',
    defaultColumns: ['subject', 'to', 'status', 'sentAt', 'template'],
    group: 'Operations',
    description:
      'Every e-mail the site sends. Failed ones are retried automatically; with the local outbox, ' +
      'the message itself is at /api/email-log/{id}/eml.',
  },
  access: { read: allow('mail.read'), create: () => false, update: () => false, delete: allow('records.delete') },
  defaultSort: '-createdAt',
  fields: [
    { name: 'subject', type: 'text', required: true, admin: { readOnly: true } },
    { name: 'to', type: 'text', required: true, index: true, admin: { readOnly: true } },
    { name: 'replyTo', type: 'text', admin: { readOnly: true } },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'queued',
      index: true,
      options: emailStatuses.map((value) => ({ label: value, value })),
      admin: { readOnly: true, position: 'sidebar' },
    },
    { name: 'template', type: 'text', admin: { readOnly: true, position: 'sidebar' } },
    { name: 'ref', type: 'text', index: true, admin: { readOnly: true, position: 'sidebar' } },
    { name: 'attempts', type: 'number', defaultValue: 0, admin: { readOnly: true, position: 'sidebar' } },
    {
      name: 'sentAt',
      type: 'date',
      admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    { name: 'error', type: 'text', admin: { readOnly: true } },
    { name: 'transport', type: 'text', admin: { readOnly: true, position: 'sidebar' } },
    { name: 'messageId', type: 'text', admin: { readOnly: true } },
    { name: 'emlFile', type: 'text', admin: { readOnly: true, description: 'File in the outbox folder.' } },
    { name: 'text', type: 'textarea', admin: { readOnly: true, description: 'The plain-text body as sent.' } },
  ],
  endpoints: [
    {
      path: '/:id/eml',
      method: 'get',
      handler: async (req) => {
        if (!can(req.user, 'mail.read')) {
          return Response.json({ error: 'Forbidden' }, { status: 403 });
        }
        const id = req.routeParams?.id;
        if (typeof id !== 'string' && typeof id !== 'number')
          return Response.json({ error: 'Not found' }, { status: 404 });
        const doc = await req.payload.findByID({ collection: 'email-log', id, depth: 0, disableErrors: true });
        // The stored name is one we generated; basename() keeps a tampered row inside the outbox.
        const file = doc?.emlFile ? path.basename(doc.emlFile) : undefined;
        if (!file) return Response.json({ error: 'Not found' }, { status: 404 });
        try {
          const body = await readFile(path.join(outboxDir(), file));
          return new Response(body, {
            headers: {
              'content-type': 'message/rfc822',
              'content-disposition': `attachment; filename="${file}"`,
              'cache-control': 'no-store',
            },
          });
        } catch {
          return Response.json({ error: 'Not found' }, { status: 404 });
        }
      },
    },
  ],
};
