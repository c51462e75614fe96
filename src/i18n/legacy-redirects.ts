import { localePrefix, type Locale } from './locales';
import { matchRoute, pathFor, splitLocale, type RouteName, type RouteParams } from './routes';

/**
 * docs/domain-rules.md#site-behaviour: URLs of the old site (a CMS with /ca/, /es/ and /en/ folders, a few unprefixed pages
 * and `.html`/`.php` endings) answer 301 with the current path in the matching locale:
 * old /ca/... -> the unprefixed Catalan path, old /es/... -> /es/..., old /en/... -> /en/....
 * Unprefixed old pages go to the locale their slug is written in. The old site had no French pages.
 *
 * The table is data: every target is built with `pathFor`, so it can only point at a route of the
 * route table, and tour and school ids are limited to the slugs listed below.
 */

/** Current tour slugs that old URLs point at. */
export const redirectedTourSlugs = [
  'puerto-y-litoral-60-min',
  'barcelona-port-40-min',
  'puerto-y-litoral-aquarium',
  'puerto-y-litoral-museo-de-cera',
  'puerto-y-litoral-restaurante-il-mercante-di-venezia',
  'puerto-y-litoral-restaurante-ramonet',
  'puerto-y-litoral-museo-magic-world',
  'cabalgata-de-reyes-litoral-60-min',
  'cabalgata-de-reyes-puerto-40-min',
  'entradas-americas-cup',
  'puerto-y-litoral-poble-espanyol',
  'puerto-y-litoral-time-out-market',
  'puerto-y-litoral-museo-maritimo-60-min',
  'barcelona-port-museo-maritimo-40-min',
  'puerto-y-litoral-moco-museum',
  'entrada-regata-barcelona',
] as const;
export type RedirectedTourSlug = (typeof redirectedTourSlugs)[number];

/** Current school-tour slugs that old URLs point at. */
export const redirectedSchoolSlugs = ['puerto-a-la-vista', 'mar-a-la-vista'] as const;
export type RedirectedSchoolSlug = (typeof redirectedSchoolSlugs)[number];

/** The old site's languages. */
export type LegacyLocale = Exclude<Locale, 'fr'>;

/** Pages an old URL may land on: not the thank-you page nor the test variant of a tour. */
type TargetRoute = Exclude<RouteName, 'thanks' | 'tourTest' | 'booking'>;
type KnownParams = { tour: { id: RedirectedTourSlug }; school: { id: RedirectedSchoolSlug } };
type ParamsOf<N extends TargetRoute> = N extends keyof KnownParams ? KnownParams[N] : RouteParams<N>;

/** `[oldPath, routeName, locale, params?]`: params are required exactly when the route has any. */
export type LegacyRedirect = {
  [N in TargetRoute]: RouteParams<N> extends Record<string, string>
    ? readonly [oldPath: string, route: N, locale: LegacyLocale, params: ParamsOf<N>]
    : readonly [oldPath: string, route: N, locale: LegacyLocale];
}[TargetRoute];

export const legacyRedirects: readonly LegacyRedirect[] = [
  // Home and index forms.
  ['/index.php', 'home', 'ca'],
  ['/inici.php', 'home', 'ca'],
  ['/ca/index.html', 'home', 'ca'],
  ['/ca/inici', 'home', 'ca'],
  ['/es/index.php', 'home', 'es'],
  ['/es/inicio', 'home', 'es'],
  ['/en/index.html', 'home', 'en'],
  ['/en/home', 'home', 'en'],
  // Tour lists, tickets and timetables lived on their own pages; the home page now has the ticket store.
  ['/ca/excursions', 'home', 'ca'],
  ['/ca/entrades', 'home', 'ca'],
  ['/ca/horaris-i-tarifes', 'home', 'ca'],
  ['/es/excursiones', 'home', 'es'],
  ['/es/entradas', 'home', 'es'],
  ['/es/horarios-y-tarifas', 'home', 'es'],
  ['/en/tours', 'home', 'en'],
  ['/en/tickets', 'home', 'en'],
  ['/en/timetable-and-prices', 'home', 'en'],

  // Tours: port and coast, 60 min.
  ['/port-i-litoral.php', 'tour', 'ca', { id: 'puerto-y-litoral-60-min' }],
  ['/ca/port-i-litoral', 'tour', 'ca', { id: 'puerto-y-litoral-60-min' }],
  ['/ca/port-i-litoral-60-min', 'tour', 'ca', { id: 'puerto-y-litoral-60-min' }],
  ['/ca/excursions/port-i-litoral', 'tour', 'ca', { id: 'puerto-y-litoral-60-min' }],
  ['/ca/catamarà', 'tour', 'ca', { id: 'puerto-y-litoral-60-min' }],
  ['/es/puerto-y-litoral', 'tour', 'es', { id: 'puerto-y-litoral-60-min' }],
  ['/es/puerto-y-litoral-60-min', 'tour', 'es', { id: 'puerto-y-litoral-60-min' }],
  ['/es/excursiones/puerto-y-litoral', 'tour', 'es', { id: 'puerto-y-litoral-60-min' }],
  ['/es/catamarán', 'tour', 'es', { id: 'puerto-y-litoral-60-min' }],
  ['/en/port-and-coast', 'tour', 'en', { id: 'puerto-y-litoral-60-min' }],
  ['/en/port-and-coast-60-min', 'tour', 'en', { id: 'puerto-y-litoral-60-min' }],
  ['/en/tours/port-and-coast', 'tour', 'en', { id: 'puerto-y-litoral-60-min' }],
  ['/en/catamaran', 'tour', 'en', { id: 'puerto-y-litoral-60-min' }],
  // Barcelona port, 40 min.
  ['/port-de-barcelona.php', 'tour', 'ca', { id: 'barcelona-port-40-min' }],
  ['/ca/port-de-barcelona', 'tour', 'ca', { id: 'barcelona-port-40-min' }],
  ['/ca/port-de-barcelona-40-min', 'tour', 'ca', { id: 'barcelona-port-40-min' }],
  ['/ca/excursions/port-de-barcelona', 'tour', 'ca', { id: 'barcelona-port-40-min' }],
  ['/ca/golondrina-clàssica', 'tour', 'ca', { id: 'barcelona-port-40-min' }],
  ['/es/puerto-de-barcelona', 'tour', 'es', { id: 'barcelona-port-40-min' }],
  ['/es/puerto-de-barcelona-40-min', 'tour', 'es', { id: 'barcelona-port-40-min' }],
  ['/es/excursiones/puerto-de-barcelona', 'tour', 'es', { id: 'barcelona-port-40-min' }],
  ['/es/golondrina-clásica', 'tour', 'es', { id: 'barcelona-port-40-min' }],
  ['/en/barcelona-port', 'tour', 'en', { id: 'barcelona-port-40-min' }],
  ['/en/barcelona-port-40-min', 'tour', 'en', { id: 'barcelona-port-40-min' }],
  ['/en/tours/barcelona-port', 'tour', 'en', { id: 'barcelona-port-40-min' }],
  ['/en/classic-golondrina', 'tour', 'en', { id: 'barcelona-port-40-min' }],
  // Port and coast + Aquarium.
  ['/ca/port-i-litoral-aquarium', 'tour', 'ca', { id: 'puerto-y-litoral-aquarium' }],
  ['/ca/combinat-aquarium', 'tour', 'ca', { id: 'puerto-y-litoral-aquarium' }],
  ['/es/puerto-y-litoral-aquarium', 'tour', 'es', { id: 'puerto-y-litoral-aquarium' }],
  ['/es/combinado-aquarium', 'tour', 'es', { id: 'puerto-y-litoral-aquarium' }],
  ['/en/port-and-coast-aquarium', 'tour', 'en', { id: 'puerto-y-litoral-aquarium' }],
  ['/en/boat-and-aquarium', 'tour', 'en', { id: 'puerto-y-litoral-aquarium' }],
  // Port and coast + wax museum.
  ['/ca/port-i-litoral-museu-de-cera', 'tour', 'ca', { id: 'puerto-y-litoral-museo-de-cera' }],
  ['/ca/combinat-museu-de-cera', 'tour', 'ca', { id: 'puerto-y-litoral-museo-de-cera' }],
  ['/es/puerto-y-litoral-museo-de-cera', 'tour', 'es', { id: 'puerto-y-litoral-museo-de-cera' }],
  ['/es/combinado-museo-de-cera', 'tour', 'es', { id: 'puerto-y-litoral-museo-de-cera' }],
  ['/en/port-and-coast-wax-museum', 'tour', 'en', { id: 'puerto-y-litoral-museo-de-cera' }],
  ['/en/boat-and-wax-museum', 'tour', 'en', { id: 'puerto-y-litoral-museo-de-cera' }],
  // Port and coast + Italian restaurant Il Mercante di Venezia (the old site's only "restaurant" combo).
  ['/ca/port-i-litoral-restaurant', 'tour', 'ca', { id: 'puerto-y-litoral-restaurante-il-mercante-di-venezia' }],
  ['/ca/port-i-litoral-restaurant-italià', 'tour', 'ca', { id: 'puerto-y-litoral-restaurante-il-mercante-di-venezia' }],
  [
    '/ca/port-i-litoral-restaurant-il-mercante-di-venezia',
    'tour',
    'ca',
    { id: 'puerto-y-litoral-restaurante-il-mercante-di-venezia' },
  ],
  ['/es/puerto-y-litoral-restaurante', 'tour', 'es', { id: 'puerto-y-litoral-restaurante-il-mercante-di-venezia' }],
  [
    '/es/puerto-y-litoral-restaurante-italiano',
    'tour',
    'es',
    { id: 'puerto-y-litoral-restaurante-il-mercante-di-venezia' },
  ],
  [
    '/es/puerto-y-litoral-restaurante-il-mercante-di-venezia',
    'tour',
    'es',
    { id: 'puerto-y-litoral-restaurante-il-mercante-di-venezia' },
  ],
  ['/en/port-and-coast-restaurant', 'tour', 'en', { id: 'puerto-y-litoral-restaurante-il-mercante-di-venezia' }],
  [
    '/en/port-and-coast-italian-restaurant',
    'tour',
    'en',
    { id: 'puerto-y-litoral-restaurante-il-mercante-di-venezia' },
  ],
  [
    '/en/port-and-coast-restaurant-il-mercante-di-venezia',
    'tour',
    'en',
    { id: 'puerto-y-litoral-restaurante-il-mercante-di-venezia' },
  ],
  // Port and coast + restaurant Ramonet.
  ['/ca/port-i-litoral-restaurant-ramonet', 'tour', 'ca', { id: 'puerto-y-litoral-restaurante-ramonet' }],
  ['/ca/port-i-litoral-ramonet', 'tour', 'ca', { id: 'puerto-y-litoral-restaurante-ramonet' }],
  ['/es/puerto-y-litoral-restaurante-ramonet', 'tour', 'es', { id: 'puerto-y-litoral-restaurante-ramonet' }],
  ['/es/puerto-y-litoral-ramonet', 'tour', 'es', { id: 'puerto-y-litoral-restaurante-ramonet' }],
  ['/en/port-and-coast-restaurant-ramonet', 'tour', 'en', { id: 'puerto-y-litoral-restaurante-ramonet' }],
  ['/en/port-and-coast-ramonet', 'tour', 'en', { id: 'puerto-y-litoral-restaurante-ramonet' }],
  // Port and coast + Magic World museum.
  ['/ca/port-i-litoral-museu-magic-world', 'tour', 'ca', { id: 'puerto-y-litoral-museo-magic-world' }],
  ['/ca/port-i-litoral-magic-world', 'tour', 'ca', { id: 'puerto-y-litoral-museo-magic-world' }],
  ['/es/puerto-y-litoral-museo-magic-world', 'tour', 'es', { id: 'puerto-y-litoral-museo-magic-world' }],
  ['/es/puerto-y-litoral-magic-world', 'tour', 'es', { id: 'puerto-y-litoral-museo-magic-world' }],
  ['/en/port-and-coast-magic-world-museum', 'tour', 'en', { id: 'puerto-y-litoral-museo-magic-world' }],
  ['/en/port-and-coast-magic-world', 'tour', 'en', { id: 'puerto-y-litoral-museo-magic-world' }],
  // Three Kings parade along the coast, 60 min.
  ['/ca/cavalcada-de-reis-litoral', 'tour', 'ca', { id: 'cabalgata-de-reyes-litoral-60-min' }],
  ['/ca/cavalcada-de-reis-litoral-60-min', 'tour', 'ca', { id: 'cabalgata-de-reyes-litoral-60-min' }],
  ['/es/cabalgata-de-reyes-litoral', 'tour', 'es', { id: 'cabalgata-de-reyes-litoral-60-min' }],
  ['/es/cabalgata-de-reyes-litoral-60-min', 'tour', 'es', { id: 'cabalgata-de-reyes-litoral-60-min' }],
  ['/en/three-kings-parade-coast', 'tour', 'en', { id: 'cabalgata-de-reyes-litoral-60-min' }],
  ['/en/three-kings-parade-coast-60-min', 'tour', 'en', { id: 'cabalgata-de-reyes-litoral-60-min' }],
  // Three Kings parade in the port, 40 min (the Kings land in the port, so the bare parade pages go here).
  ['/ca/cavalcada-de-reis', 'tour', 'ca', { id: 'cabalgata-de-reyes-puerto-40-min' }],
  ['/ca/cavalcada-de-reis-port', 'tour', 'ca', { id: 'cabalgata-de-reyes-puerto-40-min' }],
  ['/ca/cavalcada-de-reis-port-40-min', 'tour', 'ca', { id: 'cabalgata-de-reyes-puerto-40-min' }],
  ['/es/cabalgata-de-reyes', 'tour', 'es', { id: 'cabalgata-de-reyes-puerto-40-min' }],
  ['/es/cabalgata-de-reyes-puerto', 'tour', 'es', { id: 'cabalgata-de-reyes-puerto-40-min' }],
  ['/es/cabalgata-de-reyes-puerto-40-min', 'tour', 'es', { id: 'cabalgata-de-reyes-puerto-40-min' }],
  ['/en/three-kings-parade', 'tour', 'en', { id: 'cabalgata-de-reyes-puerto-40-min' }],
  ['/en/three-kings-parade-port', 'tour', 'en', { id: 'cabalgata-de-reyes-puerto-40-min' }],
  ['/en/three-kings-parade-port-40-min', 'tour', 'en', { id: 'cabalgata-de-reyes-puerto-40-min' }],
  // America's Cup tickets.
  ['/ca/entrades-americas-cup', 'tour', 'ca', { id: 'entradas-americas-cup' }],
  ['/ca/americas-cup', 'tour', 'ca', { id: 'entradas-americas-cup' }],
  ['/es/entradas-americas-cup', 'tour', 'es', { id: 'entradas-americas-cup' }],
  ['/es/americas-cup', 'tour', 'es', { id: 'entradas-americas-cup' }],
  ['/en/americas-cup-tickets', 'tour', 'en', { id: 'entradas-americas-cup' }],
  ['/en/americas-cup', 'tour', 'en', { id: 'entradas-americas-cup' }],
  // Port and coast + Poble Espanyol.
  ['/ca/port-i-litoral-poble-espanyol', 'tour', 'ca', { id: 'puerto-y-litoral-poble-espanyol' }],
  ['/ca/combinat-poble-espanyol', 'tour', 'ca', { id: 'puerto-y-litoral-poble-espanyol' }],
  ['/es/puerto-y-litoral-pueblo-español', 'tour', 'es', { id: 'puerto-y-litoral-poble-espanyol' }],
  ['/es/puerto-y-litoral-poble-espanyol', 'tour', 'es', { id: 'puerto-y-litoral-poble-espanyol' }],
  ['/en/port-and-coast-poble-espanyol', 'tour', 'en', { id: 'puerto-y-litoral-poble-espanyol' }],
  ['/en/port-and-coast-spanish-village', 'tour', 'en', { id: 'puerto-y-litoral-poble-espanyol' }],
  // Port and coast + Time Out Market.
  ['/ca/port-i-litoral-time-out-market', 'tour', 'ca', { id: 'puerto-y-litoral-time-out-market' }],
  ['/ca/port-i-litoral-time-out', 'tour', 'ca', { id: 'puerto-y-litoral-time-out-market' }],
  ['/es/puerto-y-litoral-time-out-market', 'tour', 'es', { id: 'puerto-y-litoral-time-out-market' }],
  ['/es/puerto-y-litoral-time-out', 'tour', 'es', { id: 'puerto-y-litoral-time-out-market' }],
  ['/en/port-and-coast-time-out-market', 'tour', 'en', { id: 'puerto-y-litoral-time-out-market' }],
  ['/en/port-and-coast-time-out', 'tour', 'en', { id: 'puerto-y-litoral-time-out-market' }],
  // Port and coast (60 min) + Maritime Museum.
  ['/ca/port-i-litoral-museu-marítim', 'tour', 'ca', { id: 'puerto-y-litoral-museo-maritimo-60-min' }],
  ['/es/puerto-y-litoral-museo-marítimo', 'tour', 'es', { id: 'puerto-y-litoral-museo-maritimo-60-min' }],
  ['/en/port-and-coast-maritime-museum', 'tour', 'en', { id: 'puerto-y-litoral-museo-maritimo-60-min' }],
  // Barcelona port (40 min) + Maritime Museum.
  ['/ca/port-de-barcelona-museu-marítim', 'tour', 'ca', { id: 'barcelona-port-museo-maritimo-40-min' }],
  ['/es/puerto-de-barcelona-museo-marítimo', 'tour', 'es', { id: 'barcelona-port-museo-maritimo-40-min' }],
  ['/en/barcelona-port-maritime-museum', 'tour', 'en', { id: 'barcelona-port-museo-maritimo-40-min' }],
  // Port and coast + Moco Museum.
  ['/ca/port-i-litoral-moco-museum', 'tour', 'ca', { id: 'puerto-y-litoral-moco-museum' }],
  ['/es/puerto-y-litoral-moco-museum', 'tour', 'es', { id: 'puerto-y-litoral-moco-museum' }],
  ['/en/port-and-coast-moco-museum', 'tour', 'en', { id: 'puerto-y-litoral-moco-museum' }],
  // Barcelona regatta ticket.
  ['/ca/entrada-regata-barcelona', 'tour', 'ca', { id: 'entrada-regata-barcelona' }],
  ['/ca/regata-barcelona', 'tour', 'ca', { id: 'entrada-regata-barcelona' }],
  ['/es/entrada-regata-barcelona', 'tour', 'es', { id: 'entrada-regata-barcelona' }],
  ['/es/regata-barcelona', 'tour', 'es', { id: 'entrada-regata-barcelona' }],
  ['/en/barcelona-regatta-ticket', 'tour', 'en', { id: 'entrada-regata-barcelona' }],
  ['/en/barcelona-regatta', 'tour', 'en', { id: 'entrada-regata-barcelona' }],

  // School tours. There is no schools index any more: the old ones land on the first programme.
  ['/escoles.php', 'school', 'ca', { id: 'puerto-a-la-vista' }],
  ['/ca/escoles', 'school', 'ca', { id: 'puerto-a-la-vista' }],
  ['/ca/activitats-escolars', 'school', 'ca', { id: 'puerto-a-la-vista' }],
  ['/ca/port-a-la-vista', 'school', 'ca', { id: 'puerto-a-la-vista' }],
  ['/ca/escoles/port-a-la-vista', 'school', 'ca', { id: 'puerto-a-la-vista' }],
  ['/ca/mar-a-la-vista', 'school', 'ca', { id: 'mar-a-la-vista' }],
  ['/ca/escoles/mar-a-la-vista', 'school', 'ca', { id: 'mar-a-la-vista' }],
  ['/es/escuelas', 'school', 'es', { id: 'puerto-a-la-vista' }],
  ['/es/colegios', 'school', 'es', { id: 'puerto-a-la-vista' }],
  ['/es/actividades-escolares', 'school', 'es', { id: 'puerto-a-la-vista' }],
  ['/es/puerto-a-la-vista', 'school', 'es', { id: 'puerto-a-la-vista' }],
  ['/es/colegios/puerto-a-la-vista', 'school', 'es', { id: 'puerto-a-la-vista' }],
  ['/es/mar-a-la-vista', 'school', 'es', { id: 'mar-a-la-vista' }],
  ['/es/colegios/mar-a-la-vista', 'school', 'es', { id: 'mar-a-la-vista' }],
  ['/en/schools', 'school', 'en', { id: 'puerto-a-la-vista' }],
  ['/en/school-activities', 'school', 'en', { id: 'puerto-a-la-vista' }],
  ['/en/port-in-sight', 'school', 'en', { id: 'puerto-a-la-vista' }],
  ['/en/schools/port-in-sight', 'school', 'en', { id: 'puerto-a-la-vista' }],
  ['/en/schools/port-a-la-vista', 'school', 'en', { id: 'puerto-a-la-vista' }],
  ['/en/sea-in-sight', 'school', 'en', { id: 'mar-a-la-vista' }],
  ['/en/schools/sea-in-sight', 'school', 'en', { id: 'mar-a-la-vista' }],
  ['/en/schools/mar-a-la-vista', 'school', 'en', { id: 'mar-a-la-vista' }],

  // Private groups.
  ['/grupos.php', 'groups', 'es'],
  ['/ca/grups', 'groups', 'ca'],
  ['/ca/grups-privats', 'groups', 'ca'],
  ['/ca/lloguer-privat', 'groups', 'ca'],
  ['/ca/grups-i-agències', 'groups', 'ca'],
  ['/es/grupos', 'groups', 'es'],
  ['/es/grupos-privados', 'groups', 'es'],
  ['/es/alquiler-privado', 'groups', 'es'],
  ['/es/grupos-y-agencias', 'groups', 'es'],
  ['/en/groups', 'groups', 'en'],
  ['/en/private-groups', 'groups', 'en'],
  ['/en/private-hire', 'groups', 'en'],
  ['/en/groups-and-agencies', 'groups', 'en'],
  // Agencies.
  ['/ca/agències', 'agencies', 'ca'],
  ['/ca/agències-de-viatges', 'agencies', 'ca'],
  ['/es/agencias', 'agencies', 'es'],
  ['/es/agencias-de-viajes', 'agencies', 'es'],
  ['/en/agencies', 'agencies', 'en'],
  ['/en/travel-agencies', 'agencies', 'en'],
  ['/en/trade', 'agencies', 'en'],

  // Images from the past.
  ['/ca/imatges-del-passat', 'past', 'ca'],
  ["/ca/galeria-d'imatges", 'past', 'ca'],
  ['/ca/fotos-antigues', 'past', 'ca'],
  ['/es/imágenes-del-pasado', 'past', 'es'],
  ['/es/galería', 'past', 'es'],
  ['/es/fotos-antiguas', 'past', 'es'],
  ['/en/images-from-the-past', 'past', 'en'],
  ['/en/gallery', 'past', 'en'],
  ['/en/old-photos', 'past', 'en'],
  // The fleet.
  ['/flota.php', 'fleet', 'ca'],
  ['/ca/la-flota', 'fleet', 'ca'],
  ['/ca/flota', 'fleet', 'ca'],
  ['/ca/els-vaixells', 'fleet', 'ca'],
  ['/es/la-flota', 'fleet', 'es'],
  ['/es/flota', 'fleet', 'es'],
  ['/es/nuestros-barcos', 'fleet', 'es'],
  ['/en/the-fleet', 'fleet', 'en'],
  ['/en/fleet', 'fleet', 'en'],
  ['/en/our-boats', 'fleet', 'en'],
  // About us (and the company's history since 1888).
  ['/ca/qui-som', 'about', 'ca'],
  ['/ca/nosaltres', 'about', 'ca'],
  ['/ca/història', 'about', 'ca'],
  ['/es/quiénes-somos', 'about', 'es'],
  ['/es/empresa', 'about', 'es'],
  ['/es/historia', 'about', 'es'],
  ['/en/about-us', 'about', 'en'],
  ['/en/about', 'about', 'en'],
  ['/en/history', 'about', 'en'],
  // Contact (and how to get there: the contact page has the map).
  ['/contacte.php', 'contact', 'ca'],
  ['/ca/contacte', 'contact', 'ca'],
  ['/ca/contacta', 'contact', 'ca'],
  ['/ca/com-arribar', 'contact', 'ca'],
  ['/es/contactar', 'contact', 'es'],
  ['/es/contacta', 'contact', 'es'],
  ['/es/cómo-llegar', 'contact', 'es'],
  ['/en/contact', 'contact', 'en'],
  ['/en/contact-us', 'contact', 'en'],
  ['/en/how-to-get-there', 'contact', 'en'],

  // Company legal information.
  ['/aviso-legal.php', 'legal', 'es'],
  ['/ca/avís-legal', 'legal', 'ca'],
  ['/ca/informació-legal', 'legal', 'ca'],
  ['/es/aviso-legal', 'legal', 'es'],
  ['/es/nota-legal', 'legal', 'es'],
  ['/en/legal-notice', 'legal', 'en'],
  ['/en/legal-information', 'legal', 'en'],
  // Company policy.
  ["/ca/política-d'empresa", 'companyPolicy', 'ca'],
  ['/ca/política-de-qualitat', 'companyPolicy', 'ca'],
  ['/es/política-empresa', 'companyPolicy', 'es'],
  ['/es/política-de-calidad', 'companyPolicy', 'es'],
  ['/en/company-policy', 'companyPolicy', 'en'],
  ['/en/quality-policy', 'companyPolicy', 'en'],
  // Privacy policy.
  ['/politica-privacidad.php', 'privacy', 'es'],
  ['/ca/política-de-privacitat', 'privacy', 'ca'],
  ['/ca/privacitat', 'privacy', 'ca'],
  ['/es/política-privacidad', 'privacy', 'es'],
  ['/es/privacidad', 'privacy', 'es'],
  ['/en/privacy-policy', 'privacy', 'en'],
  ['/en/privacy', 'privacy', 'en'],
  // Cookies policy.
  ['/cookies.php', 'cookies', 'ca'],
  ['/ca/política-de-galetes', 'cookies', 'ca'],
  ['/ca/cookies', 'cookies', 'ca'],
  ['/es/política-cookies', 'cookies', 'es'],
  ['/es/cookies', 'cookies', 'es'],
  ['/en/cookie-policy', 'cookies', 'en'],
  ['/en/cookies', 'cookies', 'en'],
  // Terms and conditions.
  ['/ca/termes-i-condicions', 'terms', 'ca'],
  ['/ca/condicions-generals', 'terms', 'ca'],
  ['/ca/condicions-de-venda', 'terms', 'ca'],
  ['/es/condiciones-generales', 'terms', 'es'],
  ['/es/condiciones-de-venta', 'terms', 'es'],
  ['/es/términos-condiciones', 'terms', 'es'],
  ['/en/terms-and-conditions', 'terms', 'en'],
  ['/en/terms', 'terms', 'en'],
  ['/en/general-conditions', 'terms', 'en'],
];

const LEGACY_EXTENSION = /\.(?:html?|php)$/i;

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    // The old CMS wrote Latin-1 escapes (/es/galer%EDa): read each byte as a character.
    return path.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
}

/**
 * The form old paths are compared in: percent-decoded, without accents (so /es/galería,
 * /es/galer%C3%ADa and /es/galeria are one key), typographic apostrophes made plain, lower case,
 * no repeated or trailing slash and no `.html`/`.htm`/`.php` ending.
 */
export function normalizeLegacyPath(pathname: string): string {
  let path = decodePath(pathname.split(/[?#]/, 1)[0] ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u00b4`]/g, "'")
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '');
  path = path.replace(LEGACY_EXTENSION, '').replace(/\/+$/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  return path;
}

type AnyPathFor = (name: RouteName, locale: Locale, params?: Record<string, string>) => string;

/** The current path an entry points at. */
export function legacyRedirectPath(entry: LegacyRedirect): string {
  const [, name, locale, params] = entry as readonly [string, RouteName, Locale, Record<string, string>?];
  return (pathFor as AnyPathFor)(name, locale, params);
}

const compiled: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const entry of legacyRedirects) {
    const key = normalizeLegacyPath(entry[0]);
    const target = legacyRedirectPath(entry);
    // The first entry wins; a self-redirect would loop (both are caught by the unit tests).
    if (!map.has(key) && key !== target) map.set(key, target);
  }
  return map;
})();

/**
 * Where an old URL now lives, or undefined. Besides the table, an old `.html`/`.php` form of a
 * path that still exists (/es/contacto.php) goes to that path.
 */
export function legacyRedirectTarget(pathname: string): string | undefined {
  const key = normalizeLegacyPath(pathname);
  const target = compiled.get(key);
  if (target) return target;
  if (!LEGACY_EXTENSION.test(pathname.split(/[?#]/, 1)[0]?.replace(/\/+$/, '') ?? '')) return undefined;
  const { locale, rest } = splitLocale(key);
  if (!matchRoute(rest)) return undefined;
  const prefix = localePrefix(locale);
  return rest === '/' ? prefix || '/' : `${prefix}${rest}`;
}
