import { describe, expect, it } from 'vitest';

import { loginWaitMessage, staffLocale } from './messages';

describe('login throttle message', () => {
  it('says how long to wait: seconds under a minute, else whole minutes rounded up, in four languages', () => {
    expect(loginWaitMessage('en', 400)).toBe('Too many attempts. Try again in 1 second.');
    expect(loginWaitMessage('en', 32_000)).toBe('Too many attempts. Try again in 32 seconds.');
    expect(loginWaitMessage('en', 61_000)).toBe('Too many attempts. Try again in 2 minutes.');
    expect(loginWaitMessage('ca', 15 * 60_000)).toBe('Massa intents. Torna-ho a provar d’aquí a 15 minuts.');
    expect(loginWaitMessage('es', 60_000)).toBe('Demasiados intentos. Vuelve a intentarlo dentro de 1 minuto.');
    expect(loginWaitMessage('fr', 2_000)).toBe('Trop de tentatives. Réessayez dans 2 secondes.');
  });

  it('reads the staff member’s back-office language before the browser’s', () => {
    const headers = (h: Record<string, string>) => new Headers(h);
    expect(staffLocale(headers({ cookie: 'a=1; payload-lng=es', 'accept-language': 'fr' }))).toBe('es');
    expect(staffLocale(headers({ 'accept-language': 'fr-FR' }))).toBe('fr');
    expect(staffLocale(headers({ cookie: 'payload-lng=de' }), 'en')).toBe('en');
    expect(staffLocale(headers({}))).toBe('ca');
  });
});
