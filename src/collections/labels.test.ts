import type { Field } from 'payload';
import { describe, expect, it } from 'vitest';

import { adminLanguages, missingTranslations } from './labels';

type Loose = Record<string, unknown>;

/** Where a text the staff see is not in all four admin languages. */
function problems(where: string, value: unknown, required: boolean): string[] {
  if (value === undefined || value === false) return required ? [`${where}: no label`] : [];
  // Ours are functions carrying their four texts (fieldLabel); Payload's own (createdAt, e-mail,
  // password…) are functions of its translations.
  if (typeof value === 'function') {
    const ours = (value as { translations?: unknown }).translations;
    return ours ? problems(where, ours, required) : [];
  }
  if (typeof value === 'string') return [`${where}: "${value}" is English only`];
  const languages = value as Loose;
  return adminLanguages
    .filter((language) => typeof languages[language] !== 'string' || !(languages[language] as string).trim())
    .map((language) => `${where}: no ${language}`);
}

function fieldProblems(fields: Field[], path: string): string[] {
  return fields.flatMap((field) => {
    const f = field as unknown as Loose;
    const admin = (f.admin ?? {}) as Loose;
    const where = `${path}.${typeof f.name === 'string' ? f.name : f.type}`;
    if (f.hidden === true || admin.hidden === true || admin.disabled === true) return [];
    const labelled = typeof f.name === 'string' && f.type !== 'tabs' && f.type !== 'row';
    const options = Array.isArray(f.options) ? (f.options as Loose[]) : [];
    const labels = f.labels as Loose | undefined;
    return [
      ...problems(where, f.label, labelled || f.type === 'collapsible'),
      ...problems(`${where} description`, admin.description, false),
      ...(labels
        ? [...problems(`${where} singular`, labels.singular, true), ...problems(`${where} plural`, labels.plural, true)]
        : []),
      ...options.flatMap((option) => problems(`${where} option ${String(option.value)}`, option.label, true)),
      ...(Array.isArray(f.fields) ? fieldProblems(f.fields as Field[], where) : []),
      ...(Array.isArray(f.tabs)
        ? (f.tabs as Loose[]).flatMap((tab) => [
            ...problems(`${where} tab`, tab.label, false),
            ...fieldProblems(tab.fields as Field[], where),
          ])
        : []),
    ];
  });
}

describe('admin labels', () => {
  it('are in Catalan, Spanish, English and French for every collection, global and field we define', async () => {
    const config = await (await import('@payload-config')).default;
    const ours = config.collections.filter((collection) => !collection.slug.startsWith('payload-'));
    expect(ours.length).toBeGreaterThan(15);

    const found = [
      ...ours.flatMap((collection) => [
        ...problems(`${collection.slug} singular`, collection.labels.singular, true),
        ...problems(`${collection.slug} plural`, collection.labels.plural, true),
        ...problems(`${collection.slug} group`, collection.admin.group, true),
        ...problems(`${collection.slug} description`, collection.admin.description, false),
        ...fieldProblems(collection.fields, collection.slug),
      ]),
      ...config.globals
        .filter((global) => !global.slug.startsWith('payload-'))
        .flatMap((global) => [
          ...problems(`${global.slug}`, global.label, true),
          ...problems(`${global.slug} group`, global.admin.group, true),
          ...fieldProblems(global.fields, global.slug),
        ]),
      ...problems(
        'payload-jobs group',
        config.collections.find((collection) => collection.slug === 'payload-jobs')?.admin.group,
        true,
      ),
    ];

    expect(found).toEqual([]);
    expect([...missingTranslations]).toEqual([]);
  }, 120_000);

  it('show Catalan to a Catalan-speaking user', async () => {
    const config = await (await import('@payload-config')).default;
    const bookings = config.collections.find((collection) => collection.slug === 'bookings');
    expect(bookings?.labels.plural).toMatchObject({ ca: 'Reserves', en: 'Bookings' });
    const status = bookings?.fields.find((field) => 'name' in field && field.name === 'status') as Loose;
    // A function of the staff's language: Payload's column sort buttons get a string, never an object.
    const label = status.label as (args: { i18n: { language: string } }) => string;
    expect(label({ i18n: { language: 'ca' } })).toBe('Estat');
    expect(label({ i18n: { language: 'fr' } })).toBe('Statut');
    expect((status.options as Loose[]).find((option) => option.value === 'paid')?.label).toMatchObject({
      ca: 'Pagada',
    });
  }, 120_000);
});
