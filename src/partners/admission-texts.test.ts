import { describe, expect, it } from 'vitest';

import { admissionTexts } from './admission-texts';

const aquarium = { partner: 'Aquàrium de Barcelona' } as Parameters<
  Awaited<ReturnType<typeof admissionTexts>>['show']
>[0];

describe('a combined ticket’s admission, named on the ticket page, PDF and e-mail', () => {
  it('elides "de" before a partner that starts with a vowel, in Catalan and in French', async () => {
    expect((await admissionTexts('ca')).show(aquarium)).toBe(
      "Ensenya aquest codi a l’entrada d'Aquàrium de Barcelona.",
    );
    expect((await admissionTexts('fr')).show(aquarium)).toBe('Montrez ce code à l’entrée d’Aquàrium de Barcelona.');
    expect((await admissionTexts('es')).show(aquarium)).toBe(
      'Enseña este código en la entrada de Aquàrium de Barcelona.',
    );
  });

  it('writes "Code : …" with French spacing', async () => {
    const fr = await admissionTexts('fr');
    expect(fr.labelled(fr.codeLabel, 'AQB-26-0010')).toBe('Code\u202f: AQB-26-0010');
  });
});
