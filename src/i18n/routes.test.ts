import { describe, expect, it } from 'vitest';

import { alternatesFor, matchRoute, parseRouteId, pathFor, routeId, splitLocale, visiblePath } from './routes';

describe('route table', () => {
  it('builds unprefixed Catalan paths and prefixed others, without trailing slash', () => {
    expect(pathFor('home', 'ca')).toBe('/');
    expect(pathFor('home', 'en')).toBe('/en');
    expect(pathFor('contact', 'ca')).toBe('/contacto');
    expect(pathFor('contact', 'fr')).toBe('/fr/contacto');
    expect(pathFor('tour', 'es', { id: 'barcelona-port-40-min' })).toBe('/es/tour/barcelona-port-40-min');
  });
  it('names routes name___locale and parses them back', () => {
    expect(routeId('tour', 'en')).toBe('tour___en');
    expect(parseRouteId('tour___en')).toEqual({ name: 'tour', locale: 'en' });
    expect(parseRouteId('tour___de')).toBeUndefined();
    expect(parseRouteId('nothing___en')).toBeUndefined();
  });
  it('splits the locale prefix off a path', () => {
    expect(splitLocale('/en/contacto')).toEqual({ locale: 'en', rest: '/contacto', explicit: true });
    expect(splitLocale('/contacto')).toEqual({ locale: 'ca', rest: '/contacto', explicit: false });
    expect(splitLocale('/es')).toEqual({ locale: 'es', rest: '/', explicit: true });
    expect(splitLocale('/english')).toEqual({ locale: 'ca', rest: '/english', explicit: false });
  });
  it('matches known paths and their parameters', () => {
    expect(matchRoute('/tour/puerto-y-litoral-60-min')).toEqual({
      name: 'tour',
      params: { id: 'puerto-y-litoral-60-min' },
    });
    expect(matchRoute('/nosotros/la-flota')?.name).toBe('fleet');
    expect(matchRoute('/no-such-page')).toBeUndefined();
  });
  it('gives the same page in every locale', () => {
    expect(alternatesFor('school', { id: 'mar-a-la-vista' })).toEqual({
      ca: '/escuelas/mar-a-la-vista',
      es: '/es/escuelas/mar-a-la-vista',
      en: '/en/escuelas/mar-a-la-vista',
      fr: '/fr/escuelas/mar-a-la-vista',
    });
  });
});

describe('visiblePath', () => {
  it('shows a path as the address bar does: no Catalan prefix, the others kept', () => {
    expect(visiblePath('/ca/tour/no-such-tour')).toBe('/tour/no-such-tour');
    expect(visiblePath('/ca')).toBe('/');
    expect(visiblePath('/fr/tour/x')).toBe('/fr/tour/x');
    expect(visiblePath('/fr')).toBe('/fr');
    expect(visiblePath('/nosotros')).toBe('/nosotros');
  });
});
