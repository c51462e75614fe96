import type { TourKind, tourMenuKeys } from '@/collections/Tours';
import type { Locale } from '@/i18n/locales';

import { forumBoardingPoint } from './content-site';

type Localized = Record<Locale, string>;

export type TourSeed = {
  menuKey: (typeof tourMenuKeys)[number];
  slug: string;
  kind: TourKind;
  durationMinutes: number;
  title: Localized;
  summary: Localized;
};

/**
 * Demo catalogue: the spec's fifteen menu entries and the sailing-event ticket. Slugs are the
 * spec's where it names them and Spanish, like the rest of the site's paths, elsewhere.
 */
export const tourSeeds: TourSeed[] = [
  {
    menuKey: '60',
    slug: 'puerto-y-litoral-60-min',
    kind: 'coastline',
    durationMinutes: 60,
    title: {
      ca: 'Port i litoral 60 min',
      es: 'Puerto y litoral 60 min',
      en: 'Port and coast 60 min',
      fr: 'Port et littoral 60 min',
    },
    summary: {
      ca: 'Surt del Portal de la Pau, travessa el port i navega davant de les platges de la Barceloneta fins al Port Olímpic.',
      es: 'Sale del Portal de la Pau, cruza el puerto y navega frente a las playas de la Barceloneta hasta el Port Olímpic.',
      en: 'From Portal de la Pau across the harbour and along the Barceloneta beaches to the Olympic Port.',
      fr: "Depuis le Portal de la Pau, à travers le port et le long des plages de la Barceloneta jusqu'au Port Olympique.",
    },
  },
  {
    menuKey: '40',
    slug: 'barcelona-port-40-min',
    kind: 'harbour',
    durationMinutes: 40,
    title: {
      ca: 'Port de Barcelona 40 min',
      es: 'Puerto de Barcelona 40 min',
      en: 'Barcelona Port 40 min',
      fr: 'Port de Barcelone 40 min',
    },
    summary: {
      ca: 'El port de sempre, de la Rambla a la bocana: molls, vaixells de creuer i el perfil de Montjuïc.',
      es: 'El puerto de siempre, de la Rambla a la bocana: muelles, cruceros y el perfil de Montjuïc.',
      en: 'The classic harbour trip, from the foot of the Rambla to the harbour mouth: quays, cruise ships and Montjuïc.',
      fr: "Le port de toujours, du bas de la Rambla à l'entrée du port : quais, paquebots et la colline de Montjuïc.",
    },
  },
  {
    menuKey: 'maritime40',
    slug: 'barcelona-port-museo-maritimo-40-min',
    kind: 'combined',
    durationMinutes: 40,
    title: {
      ca: 'Port 40 min + Museu Marítim',
      es: 'Puerto 40 min + Museo Marítimo',
      en: 'Port 40 min + Maritime Museum',
      fr: 'Port 40 min + Musée maritime',
    },
    summary: {
      ca: "El passeig pel port i l'entrada a les Drassanes Reials, on es construïen les galeres de la Corona.",
      es: 'El paseo por el puerto y la entrada a las Atarazanas Reales, donde se construían las galeras de la Corona.',
      en: "The harbour trip plus entry to the Royal Shipyards, where the Crown's galleys were built.",
      fr: "La balade dans le port et l'entrée aux chantiers navals royaux, où l'on construisait les galères de la Couronne.",
    },
  },
  {
    menuKey: 'maritime60',
    slug: 'puerto-y-litoral-museo-maritimo-60-min',
    kind: 'combined',
    durationMinutes: 60,
    title: {
      ca: 'Port i litoral + Museu Marítim',
      es: 'Puerto y litoral + Museo Marítimo',
      en: 'Port and coast + Maritime Museum',
      fr: 'Port et littoral + Musée maritime',
    },
    summary: {
      ca: "Una hora de mar i l'entrada al Museu Marítim de Barcelona.",
      es: 'Una hora de mar y la entrada al Museo Marítimo de Barcelona.',
      en: 'An hour at sea and a ticket to the Barcelona Maritime Museum.',
      fr: "Une heure en mer et l'entrée au Musée maritime de Barcelone.",
    },
  },
  {
    menuKey: 'aquarium',
    slug: 'puerto-y-litoral-aquarium',
    kind: 'combined',
    durationMinutes: 60,
    title: {
      ca: 'Port i litoral + Aquàrium',
      es: 'Puerto y litoral + Aquarium',
      en: 'Port and coast + Aquarium',
      fr: 'Port et littoral + Aquarium',
    },
    summary: {
      ca: "Navega per sobre del mar i després descobreix què hi ha a sota, a l'Aquàrium del Port Vell.",
      es: 'Navega sobre el mar y después descubre lo que hay debajo, en el Aquarium del Port Vell.',
      en: 'Sail on the sea, then discover what lives beneath it at the Port Vell Aquarium.',
      fr: "Naviguez sur la mer, puis découvrez ce qui vit dessous à l'Aquarium du Port Vell.",
    },
  },
  {
    menuKey: 'museum',
    slug: 'puerto-y-litoral-museo-de-cera',
    kind: 'combined',
    durationMinutes: 60,
    title: {
      ca: 'Port i litoral + Museu de Cera',
      es: 'Puerto y litoral + Museo de Cera',
      en: 'Port and coast + Wax Museum',
      fr: 'Port et littoral + Musée de cire',
    },
    summary: {
      ca: "El passeig en golondrina i l'entrada al Museu de Cera, a tocar de la Rambla.",
      es: 'El paseo en golondrina y la entrada al Museo de Cera, junto a la Rambla.',
      en: 'The boat trip and a ticket to the Wax Museum, a step from the Rambla.',
      fr: "La balade en bateau et l'entrée au Musée de cire, à deux pas de la Rambla.",
    },
  },
  {
    menuKey: 'mercante',
    slug: 'puerto-y-litoral-restaurante-il-mercante-di-venezia',
    kind: 'combined',
    durationMinutes: 60,
    title: {
      ca: 'Port i litoral + Il Mercante di Venezia',
      es: 'Puerto y litoral + Il Mercante di Venezia',
      en: 'Port and coast + Il Mercante di Venezia',
      fr: 'Port et littoral + Il Mercante di Venezia',
    },
    summary: {
      ca: 'Una hora de mar i un àpat al restaurant italià Il Mercante di Venezia.',
      es: 'Una hora de mar y una comida en el restaurante italiano Il Mercante di Venezia.',
      en: 'An hour at sea and a meal at the Italian restaurant Il Mercante di Venezia.',
      fr: 'Une heure en mer et un repas au restaurant italien Il Mercante di Venezia.',
    },
  },
  {
    menuKey: 'ramonet',
    slug: 'puerto-y-litoral-restaurante-ramonet',
    kind: 'combined',
    durationMinutes: 60,
    title: {
      ca: 'Port i litoral + dinar o sopar',
      es: 'Puerto y litoral + comida o cena',
      en: 'Port and coast + lunch or dinner',
      fr: 'Port et littoral + déjeuner ou dîner',
    },
    summary: {
      ca: 'El passeig i un dinar o un sopar de cuina marinera en un restaurant de la Barceloneta.',
      es: 'El paseo y una comida o cena de cocina marinera en un restaurante de la Barceloneta.',
      en: 'The boat trip and a seafood lunch or dinner at a restaurant in Barceloneta.',
      fr: 'La balade et un déjeuner ou un dîner de fruits de mer dans un restaurant de la Barceloneta.',
    },
  },
  {
    menuKey: 'magic',
    slug: 'puerto-y-litoral-museo-magic-world',
    kind: 'combined',
    durationMinutes: 60,
    title: {
      ca: 'Port i litoral + Museu Magic World',
      es: 'Puerto y litoral + Museo Magic World',
      en: 'Port and coast + Magic World Museum',
      fr: 'Port et littoral + Musée Magic World',
    },
    summary: {
      ca: 'El mar i la màgia: passeig en vaixell i entrada al museu de la il·lusió Magic World.',
      es: 'El mar y la magia: paseo en barco y entrada al museo de la ilusión Magic World.',
      en: 'Sea and magic: a boat trip and a ticket to the Magic World museum of illusions.',
      fr: "La mer et la magie : balade en bateau et entrée au musée de l'illusion Magic World.",
    },
  },
  {
    menuKey: 'poble-espanyol',
    slug: 'puerto-y-litoral-poble-espanyol',
    kind: 'combined',
    durationMinutes: 60,
    title: {
      ca: 'Port i litoral + Poble Espanyol',
      es: 'Puerto y litoral + Poble Espanyol',
      en: 'Port and coast + Poble Espanyol',
      fr: 'Port et littoral + Poble Espanyol',
    },
    summary: {
      ca: "Del mar a Montjuïc: el passeig i l'entrada al Poble Espanyol.",
      es: 'Del mar a Montjuïc: el paseo y la entrada al Poble Espanyol.',
      en: 'From the sea up to Montjuïc: the boat trip and entry to the Poble Espanyol village park.',
      fr: "De la mer à Montjuïc : la balade et l'entrée au Poble Espanyol.",
    },
  },
  {
    menuKey: 'time-out-market',
    slug: 'puerto-y-litoral-time-out-market',
    kind: 'combined',
    durationMinutes: 60,
    title: {
      ca: 'Port i litoral + Time Out Market',
      es: 'Puerto y litoral + Time Out Market',
      en: 'Port and coast + Time Out Market',
      fr: 'Port et littoral + Time Out Market',
    },
    summary: {
      ca: 'El passeig i un tast al mercat gastronòmic del Maremagnum.',
      es: 'El paseo y una degustación en el mercado gastronómico del Maremagnum.',
      en: 'The boat trip and a tasting at the food market in Maremagnum.',
      fr: 'La balade et une dégustation au marché gourmand du Maremagnum.',
    },
  },
  {
    menuKey: 'moco60',
    slug: 'puerto-y-litoral-moco-museum',
    kind: 'combined',
    durationMinutes: 60,
    title: {
      ca: 'Port i litoral + Moco Museum',
      es: 'Puerto y litoral + Moco Museum',
      en: 'Port and coast + Moco Museum',
      fr: 'Port et littoral + Moco Museum',
    },
    summary: {
      ca: "Una hora de mar i l'art modern i contemporani del Moco Museum, al Born.",
      es: 'Una hora de mar y el arte moderno y contemporáneo del Moco Museum, en el Born.',
      en: 'An hour at sea and the modern and contemporary art of the Moco Museum in El Born.',
      fr: "Une heure en mer et l'art moderne et contemporain du Moco Museum, dans le Born.",
    },
  },
  {
    menuKey: 'kingsParade60',
    slug: 'cabalgata-de-reyes-litoral-60-min',
    kind: 'special',
    durationMinutes: 60,
    title: {
      ca: 'Cavalcada de Reis pel litoral',
      es: 'Cabalgata de Reyes por el litoral',
      en: "Three Kings' Parade coastline cruise",
      fr: 'Cavalcade des Rois sur le littoral',
    },
    summary: {
      ca: "El 5 de gener, a les 15.15, acompanya per mar l'arribada dels Reis d'Orient a Barcelona.",
      es: 'El 5 de enero, a las 15.15, acompaña por mar la llegada de los Reyes Magos a Barcelona.',
      en: 'On 5 January at 15:15, sail out to welcome the Three Kings as they arrive in Barcelona by sea.',
      fr: "Le 5 janvier à 15 h 15, accompagnez en mer l'arrivée des Rois mages à Barcelone.",
    },
  },
  {
    menuKey: 'kingsParade40',
    slug: 'cabalgata-de-reyes-puerto-40-min',
    kind: 'special',
    durationMinutes: 40,
    title: {
      ca: 'Cavalcada de Reis pel port',
      es: 'Cabalgata de Reyes por el puerto',
      en: "Three Kings' Parade harbour cruise",
      fr: 'Cavalcade des Rois dans le port',
    },
    summary: {
      ca: "El 5 de gener, a les 15.15, rep els Reis d'Orient des del port.",
      es: 'El 5 de enero, a las 15.15, recibe a los Reyes Magos desde el puerto.',
      en: 'On 5 January at 15:15, greet the Three Kings from inside the harbour.',
      fr: 'Le 5 janvier à 15 h 15, accueillez les Rois mages depuis le port.',
    },
  },
  {
    menuKey: 'americas',
    slug: 'entradas-americas-cup',
    kind: 'event',
    durationMinutes: 90,
    title: {
      ca: "Entrades America's Cup",
      es: "Entradas America's Cup",
      en: "America's Cup tickets",
      fr: "Billets America's Cup",
    },
    summary: {
      ca: "Segueix les regates de l'America's Cup des de l'aigua, a bord d'una golondrina.",
      es: "Sigue las regatas de la America's Cup desde el agua, a bordo de una golondrina.",
      en: "Watch the America's Cup races from the water, on board one of our boats.",
      fr: "Suivez les régates de l'America's Cup depuis l'eau, à bord de l'un de nos bateaux.",
    },
  },
  {
    menuKey: 'sailingEvent',
    slug: 'entrada-regata-barcelona',
    kind: 'event',
    durationMinutes: 90,
    title: {
      ca: 'Entrada regata de Barcelona',
      es: 'Entrada regata de Barcelona',
      en: 'Barcelona regatta ticket',
      fr: 'Billet régate de Barcelone',
    },
    summary: {
      ca: "Una plaça a bord per veure de prop la regata d'aquest any davant de Barcelona.",
      es: 'Una plaza a bordo para ver de cerca la regata de este año frente a Barcelona.',
      en: "A seat on board to watch this year's regatta off Barcelona up close.",
      fr: 'Une place à bord pour voir de près la régate de cette année au large de Barcelone.',
    },
  },
];

export const schoolTourSeeds: { slug: string; title: Localized; summary: Localized }[] = [
  {
    slug: 'puerto-a-la-vista',
    title: { ca: 'Port a la vista', es: 'Puerto a la vista', en: 'Port at sight', fr: 'Port en vue' },
    summary: {
      ca: 'Port a la vista, 60 min: com funciona el port de Barcelona, explicat a bord per als alumnes.',
      es: 'Puerto a la vista, 60 min: cómo funciona el puerto de Barcelona, explicado a bordo para los alumnos.',
      en: 'Port at sight, 60 min: how the port of Barcelona works, explained on board for pupils.',
      fr: 'Port en vue, 60 min : le fonctionnement du port de Barcelone, expliqué à bord aux élèves.',
    },
  },
  {
    slug: 'mar-a-la-vista',
    title: { ca: 'Mar a la vista', es: 'Mar a la vista', en: 'Sea at sight', fr: 'Mer en vue' },
    summary: {
      ca: 'Mar a la vista: 90 min fins al Port Fòrum o 60 min fins al Port Olímpic, per descobrir el litoral i el mar.',
      es: 'Mar a la vista: 90 min hasta el Port Fòrum o 60 min hasta el Port Olímpic, para descubrir el litoral y el mar.',
      en: 'Sea at sight: 90 min to Port Forum or 60 min to the Olympic Port, to discover the coast and the sea.',
      fr: "Mer en vue : 90 min jusqu'au Port Fòrum ou 60 min jusqu'au Port Olympique, pour découvrir le littoral et la mer.",
    },
  },
];

export type BoatSeed = {
  slug: string;
  name: string;
  lengthMeters: number;
  breadthMeters: number;
  launchedYear: number;
  capacity: number;
  story: Localized;
};

/** Demo fleet: plausible figures for wooden two-deck open-top boats; staff overwrite them. */
export const boatSeeds: BoatSeed[] = [
  {
    slug: 'lolita',
    name: 'Lolita',
    lengthMeters: 21.5,
    breadthMeters: 5.6,
    launchedYear: 1965,
    capacity: 150,
    story: {
      ca: 'La veterana de la flota: casc de fusta, dues cobertes i la coberta superior oberta al sol del port.',
      es: 'La veterana de la flota: casco de madera, dos cubiertas y la cubierta superior abierta al sol del puerto.',
      en: 'The veteran of the fleet: a wooden hull, two decks and an upper deck open to the harbour sun.',
      fr: 'La doyenne de la flotte : coque en bois, deux ponts et un pont supérieur ouvert au soleil du port.',
    },
  },
  {
    slug: 'encarnacion',
    name: 'Encarnación',
    lengthMeters: 19.8,
    breadthMeters: 5.2,
    launchedYear: 1929,
    capacity: 120,
    story: {
      ca: 'Botada el 1929 per a l’Exposició Internacional, ha vist créixer el port des de la seva proa.',
      es: 'Botada en 1929 para la Exposición Internacional, ha visto crecer el puerto desde su proa.',
      en: 'Launched in 1929 for the International Exhibition, she has watched the port grow from her bow.',
      fr: 'Mise à l’eau en 1929 pour l’Exposition internationale, elle a vu grandir le port depuis sa proue.',
    },
  },
  {
    slug: 'maria-del-carmen',
    name: 'María del Carmen',
    lengthMeters: 23.0,
    breadthMeters: 6.0,
    launchedYear: 1988,
    capacity: 200,
    story: {
      ca: 'La més gran de les golondrines, construïda el 1988 per celebrar el centenari de la companyia.',
      es: 'La mayor de las golondrinas, construida en 1988 para celebrar el centenario de la compañía.',
      en: 'The largest of our boats, built in 1988 to celebrate the company’s centenary.',
      fr: 'La plus grande de nos golondrinas, construite en 1988 pour le centenaire de la compagnie.',
    },
  },
];

export type BoardingPointSeed = {
  slug: string;
  address: string;
  latitude: number;
  longitude: number;
  name: Localized;
  howToArrive: Record<'metro' | 'bus' | 'train' | 'car' | 'accessibility', Localized>;
};

export const boardingPointSeeds: BoardingPointSeed[] = [
  {
    slug: 'portal-de-la-pau',
    address: 'Moll de les Drassanes, s/n, 08039 Barcelona',
    latitude: 41.3755,
    longitude: 2.1779,
    name: {
      ca: 'Moll de les Drassanes (davant del monument a Colom)',
      es: 'Muelle de las Drassanes (frente al monumento a Colón)',
      en: 'Drassanes quay (opposite the Columbus monument)',
      fr: 'Quai des Drassanes (face au monument à Colomb)',
    },
    howToArrive: {
      metro: {
        ca: 'L3, estació Drassanes, a 3 minuts a peu.',
        es: 'L3, estación Drassanes, a 3 minutos a pie.',
        en: 'L3, Drassanes station, a 3-minute walk.',
        fr: 'L3, station Drassanes, à 3 minutes à pied.',
      },
      bus: {
        ca: 'Línies D20, V13 i 59, parada Portal de la Pau.',
        es: 'Líneas D20, V13 y 59, parada Portal de la Pau.',
        en: 'Lines D20, V13 and 59, Portal de la Pau stop.',
        fr: 'Lignes D20, V13 et 59, arrêt Portal de la Pau.',
      },
      train: {
        ca: 'Rodalies fins a Catalunya o Passeig de Gràcia i després la L3 fins a Drassanes.',
        es: 'Rodalies hasta Catalunya o Passeig de Gràcia y después la L3 hasta Drassanes.',
        en: 'Rodalies to Catalunya or Passeig de Gràcia, then L3 to Drassanes.',
        fr: 'Rodalies jusqu’à Catalunya ou Passeig de Gràcia, puis la L3 jusqu’à Drassanes.',
      },
      car: {
        ca: 'Aparcament públic del Moll de la Fusta, a 5 minuts a peu.',
        es: 'Aparcamiento público del Moll de la Fusta, a 5 minutos a pie.',
        en: 'Public car park at Moll de la Fusta, a 5-minute walk.',
        fr: 'Parking public du Moll de la Fusta, à 5 minutes à pied.',
      },
      accessibility: {
        ca: 'Accés sense graons fins a la coberta inferior; avisa’ns si vens amb cadira de rodes.',
        es: 'Acceso sin escalones hasta la cubierta inferior; avísanos si vienes en silla de ruedas.',
        en: 'Step-free access to the lower deck; let us know if you come in a wheelchair.',
        fr: 'Accès de plain-pied au pont inférieur ; prévenez-nous si vous venez en fauteuil roulant.',
      },
    },
  },
  forumBoardingPoint,
];
