import { en } from '@payloadcms/translations/languages/en';
import { describe, expect, it } from 'vitest';

import { adminTranslations } from './admin-translations';

type Strings = Record<string, Record<string, string>>;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

describe('corrections to Payload’s back-office texts', () => {
  it('only correct texts Payload has, with the same placeholders', () => {
    const english = en.translations as unknown as Strings;
    for (const [language, namespaces] of Object.entries(adminTranslations as unknown as Record<string, Strings>)) {
      for (const [namespace, keys] of Object.entries(namespaces)) {
        for (const [key, text] of Object.entries(keys)) {
          const original = english[namespace]?.[key];
          expect(original, `${language} ${namespace}:${key}`).toBeTypeOf('string');
          const placeholders = (value: string) =>
            [...new Set([...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))].sort();
          // The create drawer's button gets the collection's raw four-language name: it drops it.
          if (`${namespace}:${key}` === 'fields:addNewLabel') expect(placeholders(text)).toEqual([]);
          else expect(placeholders(text), `${language} ${namespace}:${key}`).toEqual(placeholders(original!));
        }
      }
    }
  });

  it('read right whatever the gender of the name they are given', () => {
    const { ca, fr } = adminTranslations;
    // Payload said "Dia tancat creada correctament" and "Crea nou Sortida".
    expect(fill(ca.general.successfullyCreated, { label: 'Dia tancat' })).toBe('S’ha creat correctament: Dia tancat.');
    expect(fill(ca.general.createNewLabel, { label: 'Sortida' })).toBe('Registre nou: Sortida');
    expect(`${ca.general.open} ${ca.general.menu}`).toBe('Obre el menú');
    expect(fill(fr.general.createNewLabel, { label: 'Départ' })).not.toMatch(/\(e\)|ou nouvelle/);
  });
});
