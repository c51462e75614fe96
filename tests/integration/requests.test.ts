import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { beforeAll, describe, expect, it, vi } from 'vitest';

// The mail layer reads its addresses once: this file's, before anything loads.
vi.hoisted(() => {
  process.env.OPERATOR_EMAIL = 'bookings@golondrinas.example';
  process.env.MAIL_FROM = 'web@golondrinas.example';
});
// integration-setup.ts gives each file its own outbox folder, read when the mail layer loads.
const outbox = process.env.MAIL_OUTBOX_DIR!;

import { addDays, madridToday } from '@/i18n/time';
import { validate } from '@/forms/form-core';
import { queueEmail } from '@/mail/queue';
import { submitRequest } from '@/requests/service';
import { contactRequestSchema, groupRequestSchema, schoolRequestSchema } from '@/requests/schemas';
import { seed } from '@/seed/seed';

import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();

beforeAll(async () => {
  await seed(payload);
});

const date = addDays(madridToday(new Date()), 20);

function parse<T>(schema: { safeParse: (v: unknown) => unknown }, values: Record<string, string>): T {
  const result = validate(schema as never, values);
  if (!result.ok) throw new Error(`invalid fixture: ${JSON.stringify(result.errors)}`);
  return result.data as T;
}

/** A minimal RFC 822 reader: unfolded headers, and the text part decoded from quoted-printable. */
function readEml(file: string) {
  const raw = readFileSync(path.join(outbox, file), 'utf8');
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const body = raw.slice(split + 2);
  const text =
    body.includes('quoted-printable') || headers.get('content-transfer-encoding') === 'quoted-printable'
      ? decodeQp(body)
      : body;
  return { raw, head, headers, text };
}
function decodeQp(value: string): string {
  const bytes = value.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
}
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
    );
}
function emlFiles(): string[] {
  return existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
}
async function logsFor(ref: string) {
  const { docs } = await payload.find({ collection: 'email-log', where: { ref: { equals: ref } }, sort: 'createdAt' });
  return docs;
}
async function runEmailJobs() {
  await payload.jobs.run({ queue: 'email', limit: 50, silent: true });
  await payload.jobs.run({ queue: 'email-requests', limit: 50, silent: true });
}
async function makeFailedJobsDue() {
  const { docs } = await payload.find({ collection: 'payload-jobs', limit: 100 });
  for (const job of docs) {
    await payload.update({ collection: 'payload-jobs', id: job.id, data: { waitUntil: new Date(0).toISOString() } });
  }
}

describe(`requests and e-mail on ${testDatabaseKind}`, () => {
  it('stores a school request first, then delivers both e-mails once the outbox works again', async () => {
    // The outbox path is a file: every delivery fails, as with an SMTP server that is down.
    mkdirSync(path.dirname(outbox), { recursive: true });
    writeFileSync(outbox, 'not a folder');

    const data = parse(schoolRequestSchema, {
      schoolName: 'École Jules Verne',
      schoolPhone: '+33 1 23 45 67 89',
      contactName: 'Élodie Martin',
      email: 'elodie@ecole.example',
      visitLanguage: 'fr',
      students: '40',
      grade: 'CM2',
      teachers: '3',
      programme: 'sea-at-sight-90-forum',
      preferredDate: date,
      alternativeDate: '',
      comments: 'Deux élèves en fauteuil roulant.',
    });
    const { id, emailIds } = await submitRequest(payload, { kind: 'school', locale: 'fr', data: data as never });
    expect(emailIds).toHaveLength(2);

    const stored = await payload.findByID({ collection: 'requests', id, depth: 0 });
    expect(stored).toMatchObject({
      kind: 'school',
      status: 'new',
      locale: 'fr',
      organisation: 'École Jules Verne',
      students: 40,
      teachers: 3,
      preferredDate: date,
      email: 'elodie@ecole.example',
    });
    expect(stored.emails).toEqual(emailIds);

    await runEmailJobs();
    let logs = await logsFor(`requests:${id}`);
    expect(logs.map((l) => [l.status, l.attempts])).toEqual([
      ['failed', 1],
      ['failed', 1],
    ]);
    expect(logs[0]!.error).toBeTruthy();
    expect(await payload.count({ collection: 'requests', where: { id: { equals: id } } })).toEqual({ totalDocs: 1 });

    // Backoff: nothing is retried before its time.
    await runEmailJobs();
    expect((await logsFor(`requests:${id}`)).map((l) => l.attempts)).toEqual([1, 1]);

    rmSync(outbox, { force: true });
    await makeFailedJobsDue();
    await runEmailJobs();
    logs = await logsFor(`requests:${id}`);
    expect(logs.map((l) => [l.status, l.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
    expect(await payload.count({ collection: 'payload-jobs' })).toEqual({ totalDocs: 0 });

    const [operatorLog, visitorLog] = logs;
    const operator = readEml(operatorLog!.emlFile!);
    expect(operator.headers.get('to')).toContain('<bookings@golondrinas.example>');
    expect(operator.headers.get('from')).toContain('<web@golondrinas.example>');
    expect(operator.headers.get('reply-to')).toBe('Élodie Martin <elodie@ecole.example>');
    expect(operator.headers.get('subject')).toBe('Nova sol·licitud – Visita escolar: École Jules Verne');
    // Staff read it in Catalan, with the visitor's answers and the way to the back office.
    expect(operator.text).toContain("Nombre d'alumnes: 40");
    expect(operator.text).toContain('Programa: Mar a la vista, 90 min fins al Port Fòrum');
    expect(operator.text).toContain(`/admin/collections/requests/${id}`);

    const visitor = readEml(visitorLog!.emlFile!);
    expect(visitor.headers.get('to')).toBe('Élodie Martin <elodie@ecole.example>');
    expect(visitor.headers.get('reply-to')).toContain('<bookings@golondrinas.example>');
    expect(visitor.headers.get('subject')).toBe('Nous avons bien reçu votre demande – Las Golondrinas');
    expect(visitor.text).toContain('Bonjour Élodie Martin,');
    // The acknowledgement quotes nothing the visitor wrote but their name (issue 13: mail relay).
    expect(visitor.text).not.toContain('40');
    expect(visitor.text).not.toContain('fauteuil');
    expect(visitor.text).not.toContain('Jules Verne');
  });

  it('never lets a name or subject add a header (no CR/LF injection)', async () => {
    const data = parse(contactRequestSchema, {
      name: 'Eve\r\nBcc: victim@evil.example',
      email: 'eve@visitor.example',
      phone: '',
      subject: 'Hi\r\nX-Injected: yes',
      message: 'Line one\r\nBcc: another@evil.example\r\n\r\nbody',
    });
    const { id } = await submitRequest(payload, { kind: 'contact', locale: 'en', data: data as never });
    await runEmailJobs();
    const logs = await logsFor(`requests:${id}`);
    expect(logs.map((l) => l.status)).toEqual(['sent', 'sent']);
    for (const log of logs) {
      const { head } = readEml(log.emlFile!);
      const names = head.split('\n').map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
      expect(names.sort()).toEqual([
        'content-transfer-encoding',
        'content-type',
        'date',
        'from',
        'message-id',
        'mime-version',
        'reply-to',
        'subject',
        'to',
      ]);
      expect(head).not.toContain('another@evil.example');
    }
    // The injected text stays inside one quoted display name: one recipient, the visitor.
    const [operator, visitor] = logs.map((log) => readEml(log.emlFile!));
    expect(operator!.headers.get('reply-to')).toBe('"Eve Bcc: victim@evil.example" <eve@visitor.example>');
    expect(visitor!.headers.get('to')).toBe('"Eve Bcc: victim@evil.example" <eve@visitor.example>');
    expect(visitor!.headers.get('subject')).toBe('We have received your request – Las Golondrinas');
    expect(operator!.headers.get('subject')).toBe(
      'Nova sol·licitud – Missatge: Eve Bcc: victim@evil.example: Hi X-Injected: yes',
    );

    // An address with a line break never reaches the queue.
    await expect(
      queueEmail(payload, { to: [{ address: 'a@b.example\r\nBcc: c@d.example' }], subject: 's', text: 't' }),
    ).rejects.toThrow();
  });

  it("writes group requests with the tour title in each reader's language", async () => {
    const data = parse(groupRequestSchema, {
      organisation: 'Casal Gent Gran',
      contactName: 'Joan Serra',
      email: 'joan@casal.example',
      phone: '600 000 000',
      tour: 'barcelona-port-40-min',
      date,
      groupSize: '25',
      visitLanguage: 'es',
      comments: '',
    });
    const { id } = await submitRequest(payload, { kind: 'group', locale: 'es', data: data as never });
    await runEmailJobs();
    const [operatorLog, visitorLog] = await logsFor(`requests:${id}`);
    const tour = await payload.find({
      collection: 'tours',
      where: { slug: { equals: 'barcelona-port-40-min' } },
      locale: 'es',
    });
    const visitor = readEml(visitorLog!.emlFile!);
    expect(visitor.headers.get('subject')).toBe('Hemos recibido tu solicitud – Las Golondrinas');
    expect(visitor.text).not.toContain(tour.docs[0]!.title);
    expect(readEml(operatorLog!.emlFile!).text).toContain('Nombre de persones: 25');
    const stored = await payload.findByID({ collection: 'requests', id });
    expect(stored).toMatchObject({ kind: 'group', tour: 'barcelona-port-40-min', groupSize: 25, preferredDate: date });
  });

  it("sends Payload's own mail (payload.sendEmail) through the same transport", async () => {
    const before = emlFiles().length;
    await payload.sendEmail({
      to: 'Staff Member <staff@golondrinas.example>',
      subject: 'Reset your password',
      text: 'Link',
    });
    const files = emlFiles();
    expect(files.length).toBe(before + 1);
  });

  it("lets staff change a request's status and notes, and nobody anonymous read it", async () => {
    const { docs } = await payload.find({ collection: 'requests', limit: 1 });
    const updated = await payload.update({
      collection: 'requests',
      id: docs[0]!.id,
      data: { status: 'quoted', staffNotes: 'Sent a quote on the phone.' },
    });
    expect(updated).toMatchObject({ status: 'quoted', staffNotes: 'Sent a quote on the phone.' });
    await expect(payload.find({ collection: 'requests', overrideAccess: false })).rejects.toThrow();
    await expect(payload.find({ collection: 'email-log', overrideAccess: false })).rejects.toThrow();
  });
});
