import { describe, expect, it } from 'vitest';

import { schoolTourSeeds, tourSeeds } from '@/seed/catalog';

import {
  legacyRedirectPath,
  legacyRedirects,
  legacyRedirectTarget,
  normalizeLegacyPath,
  redirectedSchoolSlugs,
  redirectedTourSlugs,
} from './legacy-redirects';
import { locales } from './locales';
import { alternatesFor, matchRoute, pathFor, routeNames, routes, splitLocale, type RouteName } from './routes';

/** Every current path of the route table, in every locale (parameter routes with the slugs the table uses). */
function currentPaths(): Set<string> {
  const paths = new Set<string>();
  for (const name of routeNames) {
    const pattern: string = routes[name].pattern;
    if (!pattern.includes('[')) {
      for (const path of Object.values(alternatesFor(name))) paths.add(path);
    }
  }
  for (const id of redirectedTourSlugs)
    for (const path of Object.values(alternatesFor('tour', { id }))) paths.add(path);
  for (const id of redirectedSchoolSlugs) {
    for (const path of Object.values(alternatesFor('school', { id }))) paths.add(path);
  }
  return paths;
}

describe('legacy redirects table', () => {
  it('has a plausible size', () => {
    expect(legacyRedirects.length).toBeGreaterThanOrEqual(150);
    expect(legacyRedirects.length).toBeLessThanOrEqual(250);
  });

  it('points every entry at a real route, in the locale of its old language folder', () => {
    for (const entry of legacyRedirects) {
      const target = legacyRedirectPath(entry);
      const { locale, rest } = splitLocale(target);
      const match = matchRoute(rest);
      expect(match, `${entry[0]} -> ${target}`).toBeDefined();
      expect(match?.name).toBe(entry[1]);
      expect(locale).toBe(entry[2]);
      expect(locale).not.toBe('fr');
      const folder = /^\/(ca|es|en)\//.exec(entry[0])?.[1];
      if (folder) expect(locale, entry[0]).toBe(folder);
      expect(legacyRedirectTarget(entry[0])).toBe(target);
    }
  });

  it('only uses tour and school slugs that exist in the catalogue', () => {
    const tours = new Set(tourSeeds.map((tour) => tour.slug));
    const schools = new Set(schoolTourSeeds.map((school) => school.slug));
    for (const slug of redirectedTourSlugs) expect(tours.has(slug), slug).toBe(true);
    for (const slug of redirectedSchoolSlugs) expect(schools.has(slug), slug).toBe(true);
  });

  it('lists no old path twice, even after normalising', () => {
    const seen = new Map<string, string>();
    for (const [oldPath] of legacyRedirects) {
      const key = normalizeLegacyPath(oldPath);
      expect(seen.get(key), `${oldPath} repeats ${seen.get(key)}`).toBeUndefined();
      seen.set(key, oldPath);
    }
  });

  it('never shadows a current path or a route pattern', () => {
    const current = new Set([...currentPaths()].map(normalizeLegacyPath));
    for (const [oldPath] of legacyRedirects) {
      const key = normalizeLegacyPath(oldPath);
      expect(current.has(key), oldPath).toBe(false);
      expect(matchRoute(splitLocale(key).rest), oldPath).toBeUndefined();
    }
  });

  it('covers every tour, school tour and page for Catalan, Spanish and English old slugs', () => {
    const covered = new Set(legacyRedirects.map((entry) => legacyRedirectPath(entry)));
    const pages: RouteName[] = [
      'home',
      'groups',
      'agencies',
      'past',
      'fleet',
      'about',
      'contact',
      'legal',
      'companyPolicy',
      'privacy',
      'cookies',
      'terms',
    ];
    for (const locale of ['ca', 'es', 'en'] as const) {
      for (const id of redirectedTourSlugs)
        expect(covered.has(pathFor('tour', locale, { id })), `${id} ${locale}`).toBe(true);
      for (const id of redirectedSchoolSlugs) {
        expect(covered.has(pathFor('school', locale, { id })), `${id} ${locale}`).toBe(true);
      }
      for (const name of pages) {
        expect(covered.has((pathFor as (n: RouteName, l: string) => string)(name, locale)), `${name} ${locale}`).toBe(
          true,
        );
      }
    }
    expect([...covered].some((path) => path.startsWith('/fr'))).toBe(false);
    expect(locales).toContain('fr');
  });
});

describe('legacyRedirectTarget', () => {
  it('sends the spec examples to their current slugs', () => {
    expect(legacyRedirectTarget('/ca/port-i-litoral')).toBe('/tour/puerto-y-litoral-60-min');
    expect(legacyRedirectTarget('/es/puerto-y-litoral')).toBe('/es/tour/puerto-y-litoral-60-min');
    expect(legacyRedirectTarget('/en/port-and-coast')).toBe('/en/tour/puerto-y-litoral-60-min');
    expect(legacyRedirectTarget('/ca/port-de-barcelona')).toBe('/tour/barcelona-port-40-min');
    expect(legacyRedirectTarget('/es/puerto-de-barcelona')).toBe('/es/tour/barcelona-port-40-min');
    expect(legacyRedirectTarget('/en/barcelona-port')).toBe('/en/tour/barcelona-port-40-min');
    expect(legacyRedirectTarget('/en/port-and-coast-aquarium')).toBe('/en/tour/puerto-y-litoral-aquarium');
    expect(legacyRedirectTarget('/es/puerto-y-litoral-museo-de-cera')).toBe('/es/tour/puerto-y-litoral-museo-de-cera');
    expect(legacyRedirectTarget('/ca/port-i-litoral-restaurant')).toBe(
      '/tour/puerto-y-litoral-restaurante-il-mercante-di-venezia',
    );
    expect(legacyRedirectTarget('/en/port-and-coast-magic-world')).toBe('/en/tour/puerto-y-litoral-museo-magic-world');
  });

  it('sends pages to their current paths', () => {
    expect(legacyRedirectTarget('/ca/escoles/port-a-la-vista')).toBe('/escuelas/puerto-a-la-vista');
    expect(legacyRedirectTarget('/en/schools/sea-in-sight')).toBe('/en/escuelas/mar-a-la-vista');
    expect(legacyRedirectTarget('/es/grupos-privados')).toBe('/es/grupos-y-agencias/grupos');
    expect(legacyRedirectTarget('/en/travel-agencies')).toBe('/en/grupos-y-agencias/agencias');
    expect(legacyRedirectTarget('/ca/contacte')).toBe('/contacto');
    expect(legacyRedirectTarget('/en/the-fleet')).toBe('/en/nosotros/la-flota');
    expect(legacyRedirectTarget('/es/aviso-legal')).toBe('/es/informacion-legal');
    expect(legacyRedirectTarget('/en/privacy-policy')).toBe('/en/politica-de-privacidad');
    expect(legacyRedirectTarget('/ca/politica-de-galetes')).toBe('/politica-de-cookies');
    expect(legacyRedirectTarget('/en/terms-and-conditions')).toBe('/en/terminos-y-condiciones');
  });

  it('sends index forms to the home page of their locale', () => {
    expect(legacyRedirectTarget('/index.php')).toBe('/');
    expect(legacyRedirectTarget('/index.html')).toBe('/');
    expect(legacyRedirectTarget('/ca/index.html')).toBe('/');
    expect(legacyRedirectTarget('/es/index.php')).toBe('/es');
    expect(legacyRedirectTarget('/en/index.html')).toBe('/en');
  });

  it('ignores case, trailing slashes and .html/.htm/.php endings', () => {
    const target = '/es/tour/puerto-y-litoral-60-min';
    expect(legacyRedirectTarget('/ES/Puerto-Y-Litoral')).toBe(target);
    expect(legacyRedirectTarget('/es/puerto-y-litoral/')).toBe(target);
    expect(legacyRedirectTarget('/es/puerto-y-litoral.html')).toBe(target);
    expect(legacyRedirectTarget('/es/puerto-y-litoral.htm')).toBe(target);
    expect(legacyRedirectTarget('/es/puerto-y-litoral.PHP')).toBe(target);
    expect(legacyRedirectTarget('/es/puerto-y-litoral.html/')).toBe(target);
    expect(legacyRedirectTarget('/es//puerto-y-litoral')).toBe(target);
    expect(legacyRedirectTarget('/contacte.php')).toBe('/contacto');
    expect(legacyRedirectTarget('/contacte.html')).toBe('/contacto');
  });

  it('matches accented and apostrophe slugs however they are encoded', () => {
    expect(legacyRedirectTarget("/ca/galeria-d'imatges")).toBe('/nosotros/pasado');
    expect(legacyRedirectTarget('/ca/galeria-d%27imatges')).toBe('/nosotros/pasado');
    expect(legacyRedirectTarget('/ca/galeria-d\u2019imatges')).toBe('/nosotros/pasado');
    expect(legacyRedirectTarget('/es/galería')).toBe('/es/nosotros/pasado');
    expect(legacyRedirectTarget('/es/galer%C3%ADa')).toBe('/es/nosotros/pasado');
    expect(legacyRedirectTarget('/es/galer%c3%ada')).toBe('/es/nosotros/pasado');
    expect(legacyRedirectTarget('/es/galeri%CC%81a')).toBe('/es/nosotros/pasado'); // decomposed accent
    expect(legacyRedirectTarget('/es/galer%EDa')).toBe('/es/nosotros/pasado'); // Latin-1
    expect(legacyRedirectTarget('/es/galeria')).toBe('/es/nosotros/pasado');
    expect(legacyRedirectTarget('/es/puerto-y-litoral-pueblo-espa%C3%B1ol')).toBe(
      '/es/tour/puerto-y-litoral-poble-espanyol',
    );
    expect(legacyRedirectTarget('/ca/pol%C3%ADtica-d%27empresa')).toBe('/politica-de-empresa');
  });

  it('sends an old .html/.php form of a path that still exists to that path', () => {
    expect(legacyRedirectTarget('/es/contacto.php')).toBe('/es/contacto');
    expect(legacyRedirectTarget('/contacto.html')).toBe('/contacto');
    expect(legacyRedirectTarget('/ca/nosotros.html')).toBe('/nosotros');
    expect(legacyRedirectTarget('/en/tour/barcelona-port-40-min.html')).toBe('/en/tour/barcelona-port-40-min');
  });

  it('leaves unknown and current paths alone', () => {
    expect(legacyRedirectTarget('/no-such-page')).toBeUndefined();
    expect(legacyRedirectTarget('/fr/port-et-littoral')).toBeUndefined();
    expect(legacyRedirectTarget('/fr/port-and-coast')).toBeUndefined();
    expect(legacyRedirectTarget('/no-such-page.html')).toBeUndefined();
    expect(legacyRedirectTarget('/favicon.ico')).toBeUndefined();
    expect(legacyRedirectTarget('/es/galer%ZZa')).toBeUndefined();
    for (const path of currentPaths()) {
      expect(legacyRedirectTarget(path), path).toBeUndefined();
      expect(legacyRedirectTarget(`${path}/`), path).toBeUndefined();
    }
  });
});
