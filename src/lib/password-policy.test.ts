import { describe, expect, it } from 'vitest';

import { passwordProblem, passwordProblemMessage } from './password-policy';

describe('staff password policy', () => {
  it('wants at least 12 characters, counted as the staff member sees them', () => {
    expect(passwordProblem('short-pass1')).toBe('tooShort');
    expect(passwordProblem('ñandú-ñandú')).toBe('tooShort');
    expect(passwordProblem('gangway at nine')).toBeNull();
  });

  it('refuses long passwords that are on the common-password list, whatever their case', () => {
    expect(passwordProblem('password1234')).toBe('common');
    expect(passwordProblem('QWERTYUIOPASDFGH')).toBe('common');
  });

  it('explains the problem in the admin language, Catalan when it is unknown', () => {
    expect(passwordProblemMessage('tooShort', 'en')).toBe('The password must have at least 12 characters.');
    expect(passwordProblemMessage('tooShort', 'de')).toBe('La contrasenya ha de tenir com a mínim 12 caràcters.');
    expect(passwordProblemMessage('common', 'fr')).toMatch(/mots de passe courants/);
  });
});
