import { describe, expect, it } from 'vitest';

import { SYSTEM_VERSION } from './config';
import { declarationText } from './declaration';

describe('the declaración responsable', () => {
  it('is filled from configuration, every placeholder, without our own notes', () => {
    const text = declarationText('26-11-2026');
    expect(text).not.toMatch(/\{\{|\}\}|<!--/);
    expect(text).toContain(`versión ${SYSTEM_VERSION}`);
    expect(text).toContain('NIF 89890001K');
    expect(text).toMatch(/solo VERI\\\*FACTU:\sS\)/);
    expect(text).toContain('Fecha de esta declaración: 26-11-2026.');
  });

  it('refuses a placeholder nobody fills, instead of printing it', () => {
    expect(() => declarationText('x', 'Hola {{unknown}}')).toThrow(/unknown/);
  });
});
