import type { Payload } from 'payload';

import type { tourMenuKeys } from '@/collections/Tours';
import type { Locale } from '@/i18n/locales';

type MenuKey = (typeof tourMenuKeys)[number];
type Localized = Record<Locale, string>;
type Shares = { adult: number; reduced: number; child: number };

export type PartnerSeed = {
  /** How the seed finds it again: a partner of this name is left as staff left it. */
  name: string;
  legalName: string;
  /** Fictional, but a well-formed CIF (its check digit verifies, like the collection's check). */
  taxId: string;
  address: string;
  contactEmail: string;
  contactPhone: string;
  language: Locale;
  openingHours: Localized;
  closedDays: Localized;
  mapUrl: string;
  agreement: Record<string, unknown>;
  /** Supplied codes, added once when the partner is created. */
  codes?: string[];
};

const osm = (lat: number, lon: number) => `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;

/** The Aquarium's batch of supplied codes: the demo sells about 200 admissions before it runs dry. */
export const AQUARIUM_CODES = Array.from({ length: 200 }, (_, i) => `AQB-26-${String(i + 1).padStart(4, '0')}`);

/**
 * The demo's partners of its ten combined tours (docs/decisions/175-partners-and-combined-tours.md,
 * 181-used-admissions-and-refunds.md): plausible businesses at real Barcelona addresses, with
 * fictional legal names and tax ids. The agreements show every rule: a fixed amount per category
 * or a share of the part; our QR or a batch of supplied codes (the Aquarium's 200); valid on the
 * trip's day, for N days after it or between two dates; sold on the partner's behalf (the
 * default) or bought and resold (the restaurants at 10 %, the MOCO at 21 %); a used admission kept
 * in a full refund (the default) or refunded (the Maritime Museum).
 */
export const partnerSeeds: PartnerSeed[] = [
  {
    name: 'Aquàrium de Barcelona',
    legalName: 'Mar Endins Explotacions, SA',
    taxId: 'A61048211',
    address: 'Moll d’Espanya del Port Vell, s/n, 08039 Barcelona',
    contactEmail: 'reserves@aquarium.example',
    contactPhone: '+34 932 21 74 74',
    language: 'ca',
    openingHours: {
      ca: 'Cada dia de 10 a 20 h (juliol i agost, fins a les 21 h). Última entrada una hora abans.',
      es: 'Todos los días de 10 a 20 h (julio y agosto, hasta las 21 h). Última entrada una hora antes.',
      en: 'Every day, 10 am to 8 pm (July and August, until 9 pm). Last entry one hour before closing.',
      fr: 'Tous les jours de 10 h à 20 h (juillet et août, jusqu’à 21 h). Dernière entrée une heure avant.',
    },
    closedDays: {
      ca: 'Obert tots els dies de l’any.',
      es: 'Abierto todos los días del año.',
      en: 'Open every day of the year.',
      fr: 'Ouvert tous les jours de l’année.',
    },
    mapUrl: osm(41.3768, 2.1837),
    agreement: {
      payment: 'perAdmission',
      adultCents: 1500,
      reducedCents: 1300,
      childCents: 1200,
      super3Cents: 0,
      check: 'partnerCodes',
      lowCodesWarning: 50,
      validity: 'daysAfter',
      validityDays: 7,
      taxTreatment: 'agency',
      usedRefundable: false,
    },
    codes: AQUARIUM_CODES,
  },
  {
    name: 'Museu de Cera de Barcelona',
    legalName: 'Figures de la Rambla, SL',
    taxId: 'B65733909',
    address: 'Passatge de la Banca, 7, 08002 Barcelona',
    contactEmail: 'grups@museucera.example',
    contactPhone: '+34 933 17 26 49',
    language: 'es',
    openingHours: {
      ca: 'De dilluns a divendres de 10 a 19.30 h; dissabtes, diumenges i festius de 10 a 20.30 h.',
      es: 'De lunes a viernes de 10 a 19.30 h; sábados, domingos y festivos de 10 a 20.30 h.',
      en: 'Monday to Friday, 10 am to 7.30 pm; weekends and public holidays, 10 am to 8.30 pm.',
      fr: 'Du lundi au vendredi de 10 h à 19 h 30, les week-ends et jours fériés de 10 h à 20 h 30.',
    },
    closedDays: {
      ca: 'Tancat el 25 de desembre.',
      es: 'Cerrado el 25 de diciembre.',
      en: 'Closed on 25 December.',
      fr: 'Fermé le 25 décembre.',
    },
    mapUrl: osm(41.3767, 2.177),
    agreement: {
      payment: 'share',
      sharePercent: 85,
      check: 'ourQr',
      validity: 'tripDay',
      taxTreatment: 'agency',
    },
  },
  {
    name: 'Museu de la Màgia (Magic World)',
    legalName: 'Il·lusions del Born, SL',
    taxId: 'B66291147',
    address: 'Carrer de Jaume Giralt, 17, 08003 Barcelona',
    contactEmail: 'hola@magicworld.example',
    contactPhone: '+34 933 19 73 93',
    language: 'ca',
    openingHours: {
      ca: 'De dimarts a diumenge d’11 a 19 h.',
      es: 'De martes a domingo de 11 a 19 h.',
      en: 'Tuesday to Sunday, 11 am to 7 pm.',
      fr: 'Du mardi au dimanche de 11 h à 19 h.',
    },
    closedDays: {
      ca: 'Tancat els dilluns, l’1 de gener i el 25 de desembre.',
      es: 'Cerrado los lunes, el 1 de enero y el 25 de diciembre.',
      en: 'Closed on Mondays, 1 January and 25 December.',
      fr: 'Fermé le lundi, le 1er janvier et le 25 décembre.',
    },
    mapUrl: osm(41.3849, 2.1791),
    agreement: {
      payment: 'perAdmission',
      adultCents: 1000,
      reducedCents: 900,
      childCents: 800,
      super3Cents: 0,
      check: 'ourQr',
      validity: 'daysAfter',
      validityDays: 14,
      taxTreatment: 'agency',
    },
  },
  {
    name: 'Il Mercante di Venezia',
    legalName: 'Trattoria del Mercante Barcelona, SL',
    taxId: 'B67412585',
    address: 'Carrer de Josep Anselm Clavé, 11, 08002 Barcelona',
    contactEmail: 'prenotazioni@ilmercante.example',
    contactPhone: '+34 933 17 12 36',
    language: 'es',
    openingHours: {
      ca: 'Dinars de 13 a 16 h i sopars de 20 a 23.30 h.',
      es: 'Comidas de 13 a 16 h y cenas de 20 a 23.30 h.',
      en: 'Lunch 1 pm to 4 pm, dinner 8 pm to 11.30 pm.',
      fr: 'Déjeuner de 13 h à 16 h, dîner de 20 h à 23 h 30.',
    },
    closedDays: {
      ca: 'Tancat els dilluns.',
      es: 'Cerrado los lunes.',
      en: 'Closed on Mondays.',
      fr: 'Fermé le lundi.',
    },
    mapUrl: osm(41.379, 2.177),
    agreement: {
      payment: 'share',
      sharePercent: 90,
      check: 'ourQr',
      validity: 'tripDay',
      taxTreatment: 'resale',
      resaleVatRatePct: 10,
    },
  },
  {
    name: 'Restaurant Ramonet',
    legalName: 'Cuina Marinera de la Barceloneta, SL',
    taxId: 'B65820375',
    address: 'Carrer de la Maquinista, 17, 08003 Barcelona',
    contactEmail: 'taules@ramonet.example',
    contactPhone: '+34 933 19 30 64',
    language: 'ca',
    openingHours: {
      ca: 'Dinars de 13 a 16 h i sopars de 20 a 23 h.',
      es: 'Comidas de 13 a 16 h y cenas de 20 a 23 h.',
      en: 'Lunch 1 pm to 4 pm, dinner 8 pm to 11 pm.',
      fr: 'Déjeuner de 13 h à 16 h, dîner de 20 h à 23 h.',
    },
    closedDays: {
      ca: 'Tancat el diumenge al vespre.',
      es: 'Cerrado el domingo por la noche.',
      en: 'Closed on Sunday evenings.',
      fr: 'Fermé le dimanche soir.',
    },
    mapUrl: osm(41.3818, 2.1867),
    agreement: {
      payment: 'perAdmission',
      adultCents: 1700,
      reducedCents: 1700,
      childCents: 1100,
      super3Cents: 0,
      check: 'ourQr',
      // Lunch or dinner: on the day of the trip or the next.
      validity: 'daysAfter',
      validityDays: 1,
      taxTreatment: 'resale',
      resaleVatRatePct: 10,
    },
  },
  {
    name: 'Poble Espanyol',
    legalName: 'Montjuïc Viles i Oficis, SA',
    taxId: 'A68154020',
    address: 'Avinguda de Francesc Ferrer i Guàrdia, 13, 08038 Barcelona',
    contactEmail: 'agencies@poble-espanyol.example',
    contactPhone: '+34 935 08 63 00',
    language: 'ca',
    openingHours: {
      ca: 'Dilluns de 10 a 20 h; de dimarts a diumenge de 10 a 24 h.',
      es: 'Lunes de 10 a 20 h; de martes a domingo de 10 a 24 h.',
      en: 'Mondays 10 am to 8 pm; Tuesday to Sunday 10 am to midnight.',
      fr: 'Le lundi de 10 h à 20 h, du mardi au dimanche de 10 h à minuit.',
    },
    closedDays: {
      ca: 'Obert tots els dies de l’any.',
      es: 'Abierto todos los días del año.',
      en: 'Open every day of the year.',
      fr: 'Ouvert tous les jours de l’année.',
    },
    mapUrl: osm(41.3692, 2.147),
    agreement: {
      payment: 'share',
      sharePercent: 80,
      check: 'ourQr',
      validity: 'dateRange',
      validFrom: '2026-11-01',
      validUntil: '2027-12-31',
      taxTreatment: 'agency',
    },
  },
  {
    name: 'Time Out Market Barcelona',
    legalName: 'Mercat Gastronòmic del Moll, SL',
    taxId: 'B66907239',
    address: 'Moll d’Espanya, 5 (Maremagnum), 08039 Barcelona',
    contactEmail: 'partners@timeoutmarket.example',
    contactPhone: '+34 930 46 21 00',
    language: 'en',
    openingHours: {
      ca: 'Cada dia de 10 a 24 h; cuines obertes de 12 a 23 h.',
      es: 'Todos los días de 10 a 24 h; cocinas abiertas de 12 a 23 h.',
      en: 'Every day, 10 am to midnight; kitchens open noon to 11 pm.',
      fr: 'Tous les jours de 10 h à minuit, cuisines ouvertes de midi à 23 h.',
    },
    closedDays: {
      ca: 'Tancat el 25 de desembre.',
      es: 'Cerrado el 25 de diciembre.',
      en: 'Closed on 25 December.',
      fr: 'Fermé le 25 décembre.',
    },
    mapUrl: osm(41.3752, 2.1829),
    agreement: {
      payment: 'perAdmission',
      adultCents: 900,
      reducedCents: 900,
      childCents: 800,
      super3Cents: 0,
      check: 'ourQr',
      validity: 'tripDay',
      taxTreatment: 'resale',
      resaleVatRatePct: 10,
    },
  },
  {
    name: 'Museu Marítim de Barcelona',
    legalName: 'Consorci de les Drassanes del Port (demo)',
    taxId: 'Q0856012J',
    address: 'Avinguda de les Drassanes, s/n, 08001 Barcelona',
    contactEmail: 'reserves@mmb.example',
    contactPhone: '+34 933 42 99 20',
    language: 'ca',
    openingHours: {
      ca: 'Cada dia de 10 a 20 h.',
      es: 'Todos los días de 10 a 20 h.',
      en: 'Every day, 10 am to 8 pm.',
      fr: 'Tous les jours de 10 h à 20 h.',
    },
    closedDays: {
      ca: 'Tancat l’1 i el 6 de gener i el 25 i el 26 de desembre.',
      es: 'Cerrado el 1 y el 6 de enero y el 25 y el 26 de diciembre.',
      en: 'Closed on 1 and 6 January and on 25 and 26 December.',
      fr: 'Fermé les 1er et 6 janvier et les 25 et 26 décembre.',
    },
    mapUrl: osm(41.3753, 2.1755),
    agreement: {
      payment: 'perAdmission',
      adultCents: 500,
      reducedCents: 400,
      childCents: 300,
      super3Cents: 0,
      check: 'ourQr',
      validity: 'daysAfter',
      validityDays: 30,
      taxTreatment: 'agency',
      // A public museum that takes a used ticket back: a full refund gives its part back too.
      usedRefundable: true,
    },
  },
  {
    name: 'Moco Museum Barcelona',
    legalName: 'Art Contemporani Montcada, SL',
    taxId: 'B67793414',
    address: 'Carrer de Montcada, 25, 08003 Barcelona',
    contactEmail: 'tickets@mocomuseum.example',
    contactPhone: '+34 931 43 21 41',
    language: 'en',
    openingHours: {
      ca: 'De diumenge a dijous de 10 a 20 h; divendres i dissabte de 10 a 21 h.',
      es: 'De domingo a jueves de 10 a 20 h; viernes y sábado de 10 a 21 h.',
      en: 'Sunday to Thursday, 10 am to 8 pm; Friday and Saturday, 10 am to 9 pm.',
      fr: 'Du dimanche au jeudi de 10 h à 20 h, vendredi et samedi de 10 h à 21 h.',
    },
    closedDays: {
      ca: 'Obert tots els dies de l’any.',
      es: 'Abierto todos los días del año.',
      en: 'Open every day of the year.',
      fr: 'Ouvert tous les jours de l’année.',
    },
    mapUrl: osm(41.3848, 2.1809),
    agreement: {
      payment: 'share',
      sharePercent: 75,
      check: 'ourQr',
      validity: 'tripDay',
      // An admission to a museum bought and resold as ours: the general rate.
      taxTreatment: 'resale',
      resaleVatRatePct: 21,
    },
  },
];

/**
 * Each combined tour's partner parts: its partner and its share of the adult, reduced and child
 * round-trip price (the boat keeps the rest; shop.ts has the prices; the two restaurants' tours
 * are on request and unpriced, their parts checked once staff price them). The Maritime Museum is
 * the part of both its tours, of 60 and of 40 minutes.
 */
export const partnerPartSeeds: Record<
  Extract<
    MenuKey,
    | 'aquarium'
    | 'museum'
    | 'magic'
    | 'mercante'
    | 'ramonet'
    | 'poble-espanyol'
    | 'time-out-market'
    | 'maritime60'
    | 'maritime40'
    | 'moco60'
  >,
  { partner: string; shares: Shares }
> = {
  aquarium: { partner: 'Aquàrium de Barcelona', shares: { adult: 1700, reduced: 1500, child: 1400 } },
  museum: { partner: 'Museu de Cera de Barcelona', shares: { adult: 1200, reduced: 1100, child: 1000 } },
  magic: { partner: 'Museu de la Màgia (Magic World)', shares: { adult: 1150, reduced: 1050, child: 950 } },
  mercante: { partner: 'Il Mercante di Venezia', shares: { adult: 1800, reduced: 1800, child: 1200 } },
  ramonet: { partner: 'Restaurant Ramonet', shares: { adult: 2000, reduced: 2000, child: 1300 } },
  'poble-espanyol': { partner: 'Poble Espanyol', shares: { adult: 1150, reduced: 1000, child: 900 } },
  'time-out-market': { partner: 'Time Out Market Barcelona', shares: { adult: 1100, reduced: 1100, child: 1000 } },
  maritime60: { partner: 'Museu Marítim de Barcelona', shares: { adult: 550, reduced: 500, child: 500 } },
  maritime40: { partner: 'Museu Marítim de Barcelona', shares: { adult: 800, reduced: 650, child: 450 } },
  moco60: { partner: 'Moco Museum Barcelona', shares: { adult: 1200, reduced: 1100, child: 1000 } },
};

/**
 * A separate step after the shop's (the parts are checked against the prices it sets): creates
 * the partners that do not exist yet (by name; an existing one is left as staff left it, its
 * codes too) and gives each combined tour its parts unless it has some. Idempotent: a second run
 * creates and changes nothing. Not run on a production deployment (scripts/seed.ts): fictional tax
 * ids must never reach a real invoice.
 */
export async function seedPartners(payload: Payload): Promise<{ partners: number; toursCombined: number }> {
  const result = { partners: 0, toursCombined: 0 };
  const ids = new Map<string, number>();
  for (const spec of partnerSeeds) {
    const found = await payload.find({
      collection: 'partners',
      where: { name: { equals: spec.name } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
    });
    if (found.docs[0]) {
      ids.set(spec.name, Number(found.docs[0].id));
      continue;
    }
    const { openingHours, closedDays, codes, ...shared } = spec;
    const created = await payload.create({
      collection: 'partners',
      locale: 'ca',
      overrideAccess: true,
      data: {
        ...shared,
        openingHours: openingHours.ca,
        closedDays: closedDays.ca,
        ...(codes ? { codeBatch: codes.join('\n') } : {}),
      } as never,
    });
    for (const locale of ['es', 'en', 'fr'] as const) {
      await payload.update({
        collection: 'partners',
        id: created.id,
        locale,
        overrideAccess: true,
        data: { openingHours: openingHours[locale], closedDays: closedDays[locale] },
      });
    }
    ids.set(spec.name, Number(created.id));
    result.partners++;
  }
  const tours = await payload.find({ collection: 'tours', limit: 1000, depth: 0, pagination: false });
  for (const tour of tours.docs) {
    const part = partnerPartSeeds[tour.menuKey as keyof typeof partnerPartSeeds];
    const partnerId = part ? ids.get(part.partner) : undefined;
    if (!part || !partnerId || (tour.booking?.partnerParts ?? []).length > 0) continue;
    await payload.update({
      collection: 'tours',
      id: tour.id,
      locale: 'ca',
      overrideAccess: true,
      data: {
        booking: {
          ...tour.booking,
          partnerParts: [
            {
              partner: partnerId,
              adultCents: part.shares.adult,
              reducedCents: part.shares.reduced,
              childCents: part.shares.child,
            },
          ],
        },
      } as never,
    });
    result.toursCombined++;
  }
  return result;
}
