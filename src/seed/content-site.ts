import type { PageKey } from '@/collections/Pages';
import type { Locale } from '@/i18n/locales';

type Localized = Record<Locale, string>;
const L = (ca: string, es: string, en: string, fr: string): Localized => ({ ca, es, en, fr });

/** Our own drawings (src/seed/images), imported into the media library with alt text. */
export const mediaSeeds: { key: string; file: string; alt: Localized }[] = [
  {
    key: 'harbour-panorama',
    file: 'harbour-panorama.svg',
    alt: L(
      'Dibuix d’una golondrina blanca navegant pel port de Barcelona, amb Montjuïc i el monument a Colom al fons',
      'Dibujo de una golondrina blanca navegando por el puerto de Barcelona, con Montjuïc y el monumento a Colón al fondo',
      'Drawing of a white golondrina boat sailing in the port of Barcelona, with Montjuïc and the Columbus monument behind',
      'Dessin d’une golondrina blanche naviguant dans le port de Barcelone, avec Montjuïc et le monument à Colomb au fond',
    ),
  },
  {
    key: 'columbus-monument',
    file: 'columbus-monument.svg',
    alt: L(
      'El monument a Colom a la posta de sol, vist des de l’aigua',
      'El monumento a Colón al atardecer, visto desde el agua',
      'The Columbus monument at sunset, seen from the water',
      'Le monument à Colomb au coucher du soleil, vu depuis l’eau',
    ),
  },
  {
    key: 'golondrina-boat',
    file: 'golondrina-boat.svg',
    alt: L(
      'Golondrina de dues cobertes amb passatgers a la coberta superior oberta',
      'Golondrina de dos cubiertas con pasajeros en la cubierta superior abierta',
      'A two-deck golondrina with passengers on the open upper deck',
      'Une golondrina à deux ponts avec des passagers sur le pont supérieur ouvert',
    ),
  },
  {
    key: 'barceloneta-coast',
    file: 'barceloneta-coast.svg',
    alt: L(
      'La golondrina Encarnación davant de les platges de la Barceloneta i les torres del Port Olímpic',
      'La golondrina Encarnación frente a las playas de la Barceloneta y las torres del Port Olímpic',
      'The boat Encarnación off the Barceloneta beaches and the Olympic Port towers',
      'La golondrina Encarnación devant les plages de la Barceloneta et les tours du Port Olympique',
    ),
  },
  {
    key: 'port-forum',
    file: 'port-forum.svg',
    alt: L(
      'La golondrina María del Carmen al Port Fòrum, amb velers amarrats i l’edifici Fòrum al fons',
      'La golondrina María del Carmen en el Port Fòrum, con veleros amarrados y el edificio Fòrum al fondo',
      'The boat María del Carmen at Port Fòrum, with moored yachts and the Fòrum building behind',
      'La golondrina María del Carmen au Port Fòrum, avec des voiliers amarrés et le bâtiment Fòrum au fond',
    ),
  },
  {
    key: 'harbour-evening',
    file: 'harbour-evening.svg',
    alt: L(
      'El port de nit, amb les llums de la ciutat reflectides a l’aigua i una golondrina il·luminada',
      'El puerto de noche, con las luces de la ciudad reflejadas en el agua y una golondrina iluminada',
      'The harbour at night, city lights reflected in the water and a golondrina lit up',
      'Le port la nuit, les lumières de la ville reflétées dans l’eau et une golondrina illuminée',
    ),
  },
  {
    key: 'past-1888',
    file: 'archive-1888-sepia.svg',
    alt: L(
      'Imatge en to sèpia: la primera golondrina davant del monument a Colom acabat d’inaugurar, 1888',
      'Imagen en tono sepia: la primera golondrina frente al recién inaugurado monumento a Colón, 1888',
      'Sepia image: the first golondrina in front of the newly unveiled Columbus monument, 1888',
      'Image sépia : la première golondrina devant le monument à Colomb tout juste inauguré, 1888',
    ),
  },
  {
    key: 'past-1929',
    file: 'archive-1929-sepia.svg',
    alt: L(
      'Imatge en to sèpia: l’Encarnación davant de Montjuïc durant l’Exposició Internacional de 1929',
      'Imagen en tono sepia: la Encarnación frente a Montjuïc durante la Exposición Internacional de 1929',
      'Sepia image: Encarnación off Montjuïc during the 1929 International Exhibition',
      'Image sépia : l’Encarnación devant Montjuïc pendant l’Exposition internationale de 1929',
    ),
  },
  {
    key: 'past-1955',
    file: 'archive-1955-sepia.svg',
    alt: L(
      'Imatge en to sèpia: famílies assegudes a la coberta de fusta d’una golondrina, 1955',
      'Imagen en tono sepia: familias sentadas en la cubierta de madera de una golondrina, 1955',
      'Sepia image: families seated on the wooden deck of a golondrina, 1955',
      'Image sépia : des familles assises sur le pont en bois d’une golondrina, 1955',
    ),
  },
  {
    key: 'past-1988',
    file: 'archive-1988-sepia.svg',
    alt: L(
      'Imatge en to sèpia: la María del Carmen engalanada per al centenari de la companyia, 1988',
      'Imagen en tono sepia: la María del Carmen engalanada para el centenario de la compañía, 1988',
      'Sepia image: María del Carmen dressed with flags for the company’s centenary, 1988',
      'Image sépia : la María del Carmen pavoisée pour le centenaire de la compagnie, 1988',
    ),
  },
];

export const pastImageSeeds: { key: string; year: number; image: string; caption: Localized }[] = [
  {
    key: 'first-crossing-1888',
    year: 1888,
    image: 'past-1888',
    caption: L(
      'L’any de l’Exposició Universal comencen els passeigs en golondrina des del Portal de la Pau, als peus del monument a Colom acabat d’inaugurar.',
      'El año de la Exposición Universal empiezan los paseos en golondrina desde el Portal de la Pau, a los pies del recién inaugurado monumento a Colón.',
      'In the year of the Universal Exhibition, golondrina trips begin from Portal de la Pau, at the foot of the newly unveiled Columbus monument.',
      'L’année de l’Exposition universelle, les balades en golondrina commencent au Portal de la Pau, au pied du monument à Colomb tout juste inauguré.',
    ),
  },
  {
    key: 'exhibition-1929',
    year: 1929,
    image: 'past-1929',
    caption: L(
      'Per a l’Exposició Internacional de Montjuïc s’avara l’Encarnación, que encara avui navega amb nosaltres.',
      'Para la Exposición Internacional de Montjuïc se bota la Encarnación, que todavía hoy navega con nosotros.',
      'For the International Exhibition on Montjuïc, Encarnación is launched; she still sails with us today.',
      'Pour l’Exposition internationale de Montjuïc, l’Encarnación est mise à l’eau ; elle navigue encore avec nous aujourd’hui.',
    ),
  },
  {
    key: 'families-1955',
    year: 1955,
    image: 'past-1955',
    caption: L(
      'Diumenge al port: als anys cinquanta, la volta en golondrina era l’excursió de les famílies barcelonines.',
      'Domingo en el puerto: en los años cincuenta, la vuelta en golondrina era la excursión de las familias barcelonesas.',
      'Sunday at the port: in the fifties, a golondrina trip was the Barcelona family outing.',
      'Dimanche au port : dans les années cinquante, le tour en golondrina était la sortie des familles barcelonaises.',
    ),
  },
  {
    key: 'centenary-1988',
    year: 1988,
    image: 'past-1988',
    caption: L(
      'Cent anys de golondrines: la María del Carmen, acabada de construir, encapçala la desfilada del centenari.',
      'Cien años de golondrinas: la María del Carmen, recién construida, encabeza el desfile del centenario.',
      'A hundred years of golondrinas: the brand-new María del Carmen leads the centenary parade.',
      'Cent ans de golondrinas : la María del Carmen, toute neuve, ouvre le défilé du centenaire.',
    ),
  },
];

export const boatPhotoBySlug: Record<string, string> = {
  lolita: 'harbour-panorama',
  encarnacion: 'barceloneta-coast',
  'maria-del-carmen': 'port-forum',
};

export const siteSeed = {
  brand: 'Las Golondrinas',
  slogan: L(
    'Barcelona des del mar, des de 1888',
    'Barcelona desde el mar, desde 1888',
    'Barcelona from the sea, since 1888',
    'Barcelone depuis la mer, depuis 1888',
  ),
  historyTitle: L(
    'Més de cent anys al port',
    'Más de cien años en el puerto',
    'More than a century in the port',
    'Plus d’un siècle dans le port',
  ),
  historyText: L(
    'Les primeres golondrines van salpar el 1888, l’any de l’Exposició Universal, per portar els visitants a veure el port des de l’aigua. Des d’aleshores, quatre generacions de la mateixa família han mantingut els vaixells de fusta i la manera de fer de sempre.\n\nAvui naveguem amb tres golondrines de dues cobertes, restaurades al nostre taller del moll, i cada any hi pugen milers de famílies, escoles i visitants de tot el món.',
    'Las primeras golondrinas zarparon en 1888, el año de la Exposición Universal, para llevar a los visitantes a ver el puerto desde el agua. Desde entonces, cuatro generaciones de la misma familia han mantenido los barcos de madera y la manera de hacer de siempre.\n\nHoy navegamos con tres golondrinas de dos cubiertas, restauradas en nuestro taller del muelle, y cada año suben a bordo miles de familias, escuelas y visitantes de todo el mundo.',
    'The first golondrinas sailed in 1888, the year of the Universal Exhibition, to show visitors the port from the water. Since then, four generations of the same family have kept the wooden boats and the old way of doing things.\n\nToday we sail three two-deck golondrinas, restored in our own workshop on the quay, and every year thousands of families, schools and visitors from all over the world come aboard.',
    'Les premières golondrinas ont pris la mer en 1888, l’année de l’Exposition universelle, pour montrer le port aux visiteurs depuis l’eau. Depuis, quatre générations de la même famille entretiennent les bateaux en bois et le savoir-faire d’autrefois.\n\nAujourd’hui, nous naviguons avec trois golondrinas à deux ponts, restaurées dans notre atelier du quai, et chaque année des milliers de familles, d’écoles et de visiteurs du monde entier montent à bord.',
  ),
  contact: {
    address: 'Moll de les Drassanes, s/n, 08039 Barcelona',
    phone: '+34 934 423 106',
    email: 'info@lasgolondrinas.example',
    legalName: 'Las Golondrinas, S.A.',
    taxId: 'A08000018',
  },
  openingTimes: L(
    'Taquilla del moll: cada dia de 10.30 a 19.00 (fins a les 20.00 de juny a setembre).\nAtenció telefònica: de dilluns a divendres de 9.00 a 14.00.\nTancat el 25 de desembre i l’1 de gener.',
    'Taquilla del muelle: todos los días de 10.30 a 19.00 (hasta las 20.00 de junio a septiembre).\nAtención telefónica: de lunes a viernes de 9.00 a 14.00.\nCerrado el 25 de diciembre y el 1 de enero.',
    'Ticket office on the quay: daily from 10:30 to 19:00 (until 20:00 from June to September).\nPhone enquiries: Monday to Friday from 9:00 to 14:00.\nClosed on 25 December and 1 January.',
    'Guichet du quai : tous les jours de 10 h 30 à 19 h (jusqu’à 20 h de juin à septembre).\nRenseignements par téléphone : du lundi au vendredi de 9 h à 14 h.\nFermé le 25 décembre et le 1er janvier.',
  ),
  heroImage: 'harbour-panorama',
};

export const homeSeed = {
  featuredTours: ['puerto-y-litoral-60-min', 'barcelona-port-40-min', 'puerto-y-litoral-aquarium'],
  forumTours: ['entradas-americas-cup', 'entrada-regata-barcelona'],
  combinedTours: [
    'puerto-y-litoral-aquarium',
    'puerto-y-litoral-museo-de-cera',
    'puerto-y-litoral-restaurante-il-mercante-di-venezia',
    'puerto-y-litoral-museo-magic-world',
    'puerto-y-litoral-poble-espanyol',
    'puerto-y-litoral-moco-museum',
  ],
  gallery: ['golondrina-boat', 'columbus-monument', 'barceloneta-coast', 'harbour-evening'],
};

export const forumBoardingPoint = {
  slug: 'port-forum',
  address: 'Port Fòrum, Moll de Llevant, 08930 Sant Adrià de Besòs',
  latitude: 41.4122,
  longitude: 2.2272,
  name: L(
    'Port Fòrum (moll de Llevant)',
    'Port Fòrum (muelle de Llevant)',
    'Port Fòrum (Llevant quay)',
    'Port Fòrum (quai de Llevant)',
  ),
  howToArrive: {
    metro: L(
      'L4, estació El Maresme | Fòrum, a 8 minuts a peu.',
      'L4, estación El Maresme | Fòrum, a 8 minutos a pie.',
      'L4, El Maresme | Fòrum station, an 8-minute walk.',
      'L4, station El Maresme | Fòrum, à 8 minutes à pied.',
    ),
    bus: L(
      'Línies H16 i 7, parada Fòrum.',
      'Líneas H16 y 7, parada Fòrum.',
      'Lines H16 and 7, Fòrum stop.',
      'Lignes H16 et 7, arrêt Fòrum.',
    ),
    train: L(
      'Tramvia T4, parada Fòrum.',
      'Tranvía T4, parada Fòrum.',
      'Tram T4, Fòrum stop.',
      'Tramway T4, arrêt Fòrum.',
    ),
    car: L(
      'Aparcament del Port Fòrum, amb accés per la Rambla de Prim.',
      'Aparcamiento del Port Fòrum, con acceso por la Rambla de Prim.',
      'Port Fòrum car park, entrance from Rambla de Prim.',
      'Parking du Port Fòrum, accès par la Rambla de Prim.',
    ),
    accessibility: L(
      'Pantalà flotant amb rampa fins a la coberta inferior.',
      'Pantalán flotante con rampa hasta la cubierta inferior.',
      'Floating pontoon with a ramp to the lower deck.',
      'Ponton flottant avec rampe jusqu’au pont inférieur.',
    ),
  },
};

type ListItem = { item: string };
const items = (list: string[]): ListItem[] => list.map((item) => ({ item }));

export type SchoolContentSeed = {
  heroImage: string;
  boardingPoint: string;
  minStudents: number;
  description: Localized;
  programmes: Record<Locale, { title: string; durationMinutes: number; departure: string; description: string }[]>;
  learning: Record<Locale, ListItem[]>;
  practical: Record<Locale, ListItem[]>;
};

const practical: Record<Locale, ListItem[]> = {
  ca: items([
    'Mínim de 40 alumnes per sortida; un docent gratuït per cada 10 alumnes.',
    'De dilluns a divendres, d’octubre a juny, amb sortides a les 10.00 i a les 11.30.',
    'Dossier didàctic per treballar a l’aula abans i després de la visita.',
    'Cal portar gorra, aigua i crema solar: la coberta superior és oberta.',
  ]),
  es: items([
    'Mínimo de 40 alumnos por salida; un docente gratuito por cada 10 alumnos.',
    'De lunes a viernes, de octubre a junio, con salidas a las 10.00 y a las 11.30.',
    'Dosier didáctico para trabajar en el aula antes y después de la visita.',
    'Hay que llevar gorra, agua y crema solar: la cubierta superior es abierta.',
  ]),
  en: items([
    'Minimum of 40 students per departure; one teacher free for every 10 students.',
    'Monday to Friday, October to June, departing at 10:00 and 11:30.',
    'A teaching pack to work on in class before and after the visit.',
    'Bring a cap, water and sun cream: the upper deck is open.',
  ]),
  fr: items([
    'Minimum de 40 élèves par départ ; un enseignant gratuit pour 10 élèves.',
    'Du lundi au vendredi, d’octobre à juin, départs à 10 h et à 11 h 30.',
    'Un dossier pédagogique pour travailler en classe avant et après la visite.',
    'Prévoir casquette, eau et crème solaire : le pont supérieur est ouvert.',
  ]),
};

export const schoolContentSeeds: Record<string, SchoolContentSeed> = {
  'puerto-a-la-vista': {
    heroImage: 'columbus-monument',
    boardingPoint: 'portal-de-la-pau',
    minStudents: 40,
    description: L(
      'Una hora dins del port de Barcelona per entendre com funciona una de les portes comercials més importants de la Mediterrània: qui hi treballa, què hi arriba i com es mouen els vaixells.\n\nUn educador del port acompanya el grup a bord i adapta les explicacions a l’edat dels alumnes, de primària a batxillerat.',
      'Una hora dentro del puerto de Barcelona para entender cómo funciona una de las puertas comerciales más importantes del Mediterráneo: quién trabaja en él, qué llega y cómo se mueven los barcos.\n\nUn educador del puerto acompaña al grupo a bordo y adapta las explicaciones a la edad de los alumnos, de primaria a bachillerato.',
      'An hour inside the port of Barcelona to understand how one of the Mediterranean’s great trade gateways works: who works there, what arrives and how ships move.\n\nA port educator travels with the group and adapts the commentary to the pupils’ age, from primary to sixth form.',
      'Une heure dans le port de Barcelone pour comprendre comment fonctionne l’une des grandes portes commerciales de la Méditerranée : qui y travaille, ce qui y arrive et comment les navires se déplacent.\n\nUn éducateur du port accompagne le groupe à bord et adapte les explications à l’âge des élèves, du primaire au lycée.',
    ),
    programmes: {
      ca: [
        {
          title: 'Port a la vista',
          durationMinutes: 60,
          departure: 'Moll de les Drassanes',
          description: 'Molls, grues, remolcadors i creuers: el port com a ciutat que treballa.',
        },
      ],
      es: [
        {
          title: 'Puerto a la vista',
          durationMinutes: 60,
          departure: 'Muelle de las Drassanes',
          description: 'Muelles, grúas, remolcadores y cruceros: el puerto como ciudad que trabaja.',
        },
      ],
      en: [
        {
          title: 'Port at sight',
          durationMinutes: 60,
          departure: 'Drassanes quay',
          description: 'Quays, cranes, tugboats and cruise ships: the port as a working city.',
        },
      ],
      fr: [
        {
          title: 'Port en vue',
          durationMinutes: 60,
          departure: 'Quai des Drassanes',
          description: 'Quais, grues, remorqueurs et paquebots : le port, une ville qui travaille.',
        },
      ],
    },
    learning: {
      ca: items([
        'Com arriben les mercaderies i qui les descarrega',
        'Els oficis del port: pràctics, amarradors i estibadors',
        'La història del port, de les Drassanes Reials a l’actualitat',
      ]),
      es: items([
        'Cómo llegan las mercancías y quién las descarga',
        'Los oficios del puerto: prácticos, amarradores y estibadores',
        'La historia del puerto, de las Atarazanas Reales a la actualidad',
      ]),
      en: items([
        'How goods arrive and who unloads them',
        'Port trades: pilots, mooring crews and dockers',
        'The history of the port, from the Royal Shipyards to today',
      ]),
      fr: items([
        'Comment arrivent les marchandises et qui les décharge',
        'Les métiers du port : pilotes, lamaneurs et dockers',
        'L’histoire du port, des chantiers navals royaux à nos jours',
      ]),
    },
    practical,
  },
  'mar-a-la-vista': {
    heroImage: 'barceloneta-coast',
    boardingPoint: 'portal-de-la-pau',
    minStudents: 40,
    description: L(
      'Sortim del port a mar obert per descobrir el litoral de Barcelona: com s’han format les platges, quins animals viuen a prop de la costa i per què cal protegir-la.\n\nEls alumnes fan observacions a bord amb fitxes de treball i prismàtics que els deixem per a la sortida.',
      'Salimos del puerto a mar abierto para descubrir el litoral de Barcelona: cómo se han formado las playas, qué animales viven cerca de la costa y por qué hay que protegerla.\n\nLos alumnos hacen observaciones a bordo con fichas de trabajo y prismáticos que les prestamos para la salida.',
      'We leave the port for the open sea to discover the Barcelona coastline: how the beaches formed, which animals live near the shore and why it needs protecting.\n\nPupils make observations on board with worksheets and binoculars we lend them for the trip.',
      'Nous quittons le port pour la pleine mer et découvrons le littoral de Barcelone : comment se sont formées les plages, quels animaux vivent près de la côte et pourquoi il faut la protéger.\n\nLes élèves font des observations à bord avec des fiches de travail et des jumelles que nous leur prêtons.',
    ),
    programmes: {
      ca: [
        {
          title: 'Mar a la vista 90 min Port Fòrum',
          durationMinutes: 90,
          departure: 'Moll de les Drassanes',
          description: 'Tot el litoral de la ciutat, de la bocana del port fins al Port Fòrum.',
        },
        {
          title: 'Mar a la vista 60 min Port Olímpic',
          durationMinutes: 60,
          departure: 'Moll de les Drassanes',
          description: 'De les Drassanes al Port Olímpic, per als cursos més petits.',
        },
      ],
      es: [
        {
          title: 'Mar a la vista 90 min Port Fòrum',
          durationMinutes: 90,
          departure: 'Muelle de las Drassanes',
          description: 'Todo el litoral de la ciudad, de la bocana del puerto hasta el Port Fòrum.',
        },
        {
          title: 'Mar a la vista 60 min Port Olímpic',
          durationMinutes: 60,
          departure: 'Muelle de las Drassanes',
          description: 'De las Drassanes al Port Olímpic, para los cursos más pequeños.',
        },
      ],
      en: [
        {
          title: 'Sea at sight 90 min Port Forum',
          durationMinutes: 90,
          departure: 'Drassanes quay',
          description: 'The whole city coastline, from the harbour mouth to Port Fòrum.',
        },
        {
          title: 'Sea at sight 60 min Olympic Port',
          durationMinutes: 60,
          departure: 'Drassanes quay',
          description: 'From Drassanes to the Olympic Port, for younger classes.',
        },
      ],
      fr: [
        {
          title: 'Mer en vue 90 min Port Fòrum',
          durationMinutes: 90,
          departure: 'Quai des Drassanes',
          description: 'Tout le littoral de la ville, de l’entrée du port jusqu’au Port Fòrum.',
        },
        {
          title: 'Mer en vue 60 min Port Olympique',
          durationMinutes: 60,
          departure: 'Quai des Drassanes',
          description: 'Des Drassanes au Port Olympique, pour les plus jeunes classes.',
        },
      ],
    },
    learning: {
      ca: items([
        'Com es formen i es mantenen les platges',
        'La vida marina de la costa: peixos, aus i posidònia',
        'Orientació al mar: vents, boies i fars',
      ]),
      es: items([
        'Cómo se forman y se mantienen las playas',
        'La vida marina de la costa: peces, aves y posidonia',
        'Orientación en el mar: vientos, boyas y faros',
      ]),
      en: items([
        'How beaches form and are maintained',
        'Coastal marine life: fish, seabirds and seagrass',
        'Finding your way at sea: winds, buoys and lighthouses',
      ]),
      fr: items([
        'Comment les plages se forment et s’entretiennent',
        'La vie marine du littoral : poissons, oiseaux et posidonie',
        'S’orienter en mer : vents, bouées et phares',
      ]),
    },
    practical,
  },
};

type Block = { h2?: string; p?: string; ul?: string[] };

export type PageSeed = {
  key: PageKey;
  title: Localized;
  intro: Localized;
  body: Record<Locale, Block[]>;
  image?: string;
};

const company = 'Las Golondrinas, S.A.';
const address = 'Moll de les Drassanes, s/n, 08039 Barcelona';

export const pageSeeds: PageSeed[] = [
  {
    key: 'about',
    image: 'past-1888',
    title: L('Qui som', 'Nosotros', 'About us', 'Qui sommes-nous'),
    intro: L(
      'Una empresa familiar de Barcelona que navega pel port des de 1888.',
      'Una empresa familiar de Barcelona que navega por el puerto desde 1888.',
      'A Barcelona family business that has sailed the harbour since 1888.',
      'Une entreprise familiale barcelonaise qui navigue dans le port depuis 1888.',
    ),
    body: {
      ca: [
        {
          h2: 'Quatre generacions al moll',
          p: 'Tot va començar amb una barca de rems i un tendal per protegir els passatgers del sol. L’èxit dels passeigs durant l’Exposició Universal de 1888 va fer néixer les golondrines, les barques que travessaven el port tan àgils com les orenetes.',
        },
        {
          h2: 'Vaixells de fusta, cuidats a casa',
          p: 'Els nostres mestres d’aixa revisen cada hivern el casc, les cobertes i els motors al taller del moll. Per això les golondrines que vas veure de petit són les mateixes que avui portaran els teus fills.',
        },
        {
          h2: 'El que ens importa',
          ul: [
            'La seguretat de cada passatger, per sobre de l’horari',
            'Un port obert a tothom: accés sense graons i preus per a famílies',
            'Cuidar el mar: motors de baix consum i cap plàstic d’un sol ús a bord',
          ],
        },
      ],
      es: [
        {
          h2: 'Cuatro generaciones en el muelle',
          p: 'Todo empezó con una barca de remos y un toldo para proteger a los pasajeros del sol. El éxito de los paseos durante la Exposición Universal de 1888 hizo nacer las golondrinas, las barcas que cruzaban el puerto tan ágiles como las golondrinas del cielo.',
        },
        {
          h2: 'Barcos de madera, cuidados en casa',
          p: 'Nuestros carpinteros de ribera revisan cada invierno el casco, las cubiertas y los motores en el taller del muelle. Por eso las golondrinas que viste de pequeño son las mismas que hoy llevarán a tus hijos.',
        },
        {
          h2: 'Lo que nos importa',
          ul: [
            'La seguridad de cada pasajero, por encima del horario',
            'Un puerto abierto a todos: acceso sin escalones y precios para familias',
            'Cuidar el mar: motores de bajo consumo y ningún plástico de un solo uso a bordo',
          ],
        },
      ],
      en: [
        {
          h2: 'Four generations on the quay',
          p: 'It all began with a rowing boat and an awning to keep the sun off the passengers. The success of those trips during the 1888 Universal Exhibition gave birth to the golondrinas — “swallows” — boats that darted across the harbour like the birds.',
        },
        {
          h2: 'Wooden boats, cared for at home',
          p: 'Every winter our shipwrights overhaul the hulls, decks and engines in our workshop on the quay. That is why the golondrinas you rode as a child are the same ones that will carry your children today.',
        },
        {
          h2: 'What matters to us',
          ul: [
            'The safety of every passenger, before any timetable',
            'A port open to everyone: step-free boarding and family prices',
            'Caring for the sea: low-consumption engines and no single-use plastic on board',
          ],
        },
      ],
      fr: [
        {
          h2: 'Quatre générations sur le quai',
          p: 'Tout a commencé avec une barque à rames et un tendelet pour protéger les passagers du soleil. Le succès de ces balades pendant l’Exposition universelle de 1888 a donné naissance aux golondrinas — les « hirondelles » —, des bateaux qui traversaient le port aussi vifs que les oiseaux.',
        },
        {
          h2: 'Des bateaux en bois, entretenus chez nous',
          p: 'Chaque hiver, nos charpentiers de marine révisent coques, ponts et moteurs dans notre atelier du quai. C’est pourquoi les golondrinas de votre enfance sont celles qui emmèneront vos enfants aujourd’hui.',
        },
        {
          h2: 'Ce qui compte pour nous',
          ul: [
            'La sécurité de chaque passager, avant tout horaire',
            'Un port ouvert à tous : embarquement de plain-pied et tarifs familles',
            'Prendre soin de la mer : moteurs sobres et aucun plastique à usage unique à bord',
          ],
        },
      ],
    },
  },
  {
    key: 'legal',
    title: L('Informació legal', 'Información legal', 'Legal information', 'Informations légales'),
    intro: L(
      'Dades de l’empresa titular d’aquest lloc web, d’acord amb la Llei 34/2002 de serveis de la societat de la informació.',
      'Datos de la empresa titular de este sitio web, de acuerdo con la Ley 34/2002 de servicios de la sociedad de la información.',
      'Details of the company that owns this website, as required by Spanish Law 34/2002 on information society services.',
      'Coordonnées de la société propriétaire de ce site, conformément à la loi espagnole 34/2002 sur les services de la société de l’information.',
    ),
    body: {
      ca: [
        {
          h2: 'Titular',
          ul: [
            `Raó social: ${company}`,
            'NIF: A08000018',
            `Domicili: ${address}`,
            'Inscrita al Registre Mercantil de Barcelona, tom 1.888, foli 1, full B-1888',
          ],
        },
        {
          h2: 'Propietat intel·lectual',
          p: 'Els textos, dibuixos i fotografies d’aquest web són propietat de la companyia. Se’n permet la citació breu indicant-ne la font.',
        },
        {
          h2: 'Responsabilitat',
          p: 'Els horaris i preus publicats poden variar per l’estat de la mar o per ordres de l’autoritat portuària. En aquests casos t’avisarem per correu electrònic.',
        },
      ],
      es: [
        {
          h2: 'Titular',
          ul: [
            `Razón social: ${company}`,
            'NIF: A08000018',
            `Domicilio: ${address}`,
            'Inscrita en el Registro Mercantil de Barcelona, tomo 1.888, folio 1, hoja B-1888',
          ],
        },
        {
          h2: 'Propiedad intelectual',
          p: 'Los textos, dibujos y fotografías de esta web son propiedad de la compañía. Se permite su cita breve indicando la fuente.',
        },
        {
          h2: 'Responsabilidad',
          p: 'Los horarios y precios publicados pueden variar por el estado del mar o por órdenes de la autoridad portuaria. En esos casos te avisaremos por correo electrónico.',
        },
      ],
      en: [
        {
          h2: 'Owner',
          ul: [
            `Company name: ${company}`,
            'Tax ID: A08000018',
            `Registered office: ${address}`,
            'Registered in the Barcelona Companies Register, volume 1888, folio 1, sheet B-1888',
          ],
        },
        {
          h2: 'Intellectual property',
          p: 'The texts, drawings and photographs on this website belong to the company. Short quotations are allowed if the source is given.',
        },
        {
          h2: 'Liability',
          p: 'Published timetables and prices may change because of sea conditions or port authority orders. If so, we will let you know by email.',
        },
      ],
      fr: [
        {
          h2: 'Propriétaire',
          ul: [
            `Raison sociale : ${company}`,
            'NIF : A08000018',
            `Siège : ${address}`,
            'Inscrite au registre du commerce de Barcelone, volume 1888, folio 1, feuille B-1888',
          ],
        },
        {
          h2: 'Propriété intellectuelle',
          p: 'Les textes, dessins et photographies de ce site appartiennent à la société. Les courtes citations sont autorisées avec mention de la source.',
        },
        {
          h2: 'Responsabilité',
          p: 'Les horaires et tarifs publiés peuvent changer selon l’état de la mer ou sur ordre de l’autorité portuaire. Dans ce cas, nous vous prévenons par e-mail.',
        },
      ],
    },
  },
  {
    key: 'companyPolicy',
    title: L('Política d’empresa', 'Política de empresa', 'Company policy', 'Politique de l’entreprise'),
    intro: L(
      'Els nostres compromisos de qualitat, seguretat i respecte pel medi ambient.',
      'Nuestros compromisos de calidad, seguridad y respeto por el medio ambiente.',
      'Our commitments on quality, safety and the environment.',
      'Nos engagements en matière de qualité, de sécurité et d’environnement.',
    ),
    body: {
      ca: [
        {
          h2: 'Seguretat',
          p: 'Cada vaixell passa la inspecció anual de Capitania Marítima i porta armilles per a tots els passatgers, inclosos els infants. La tripulació fa simulacres d’evacuació cada mes.',
        },
        {
          h2: 'Qualitat',
          p: 'Responem totes les reclamacions en un màxim de deu dies i fem servir els suggeriments dels passatgers per millorar el servei cada temporada.',
        },
        {
          h2: 'Medi ambient',
          ul: [
            'Motors revisats per reduir consum i emissions',
            'Recollida selectiva a bord i al moll',
            'Col·laboració amb entitats que netegen el fons marí del port',
          ],
        },
      ],
      es: [
        {
          h2: 'Seguridad',
          p: 'Cada barco pasa la inspección anual de Capitanía Marítima y lleva chalecos para todos los pasajeros, incluidos los niños. La tripulación hace simulacros de evacuación cada mes.',
        },
        {
          h2: 'Calidad',
          p: 'Respondemos a todas las reclamaciones en un máximo de diez días y usamos las sugerencias de los pasajeros para mejorar el servicio cada temporada.',
        },
        {
          h2: 'Medio ambiente',
          ul: [
            'Motores revisados para reducir consumo y emisiones',
            'Recogida selectiva a bordo y en el muelle',
            'Colaboración con entidades que limpian el fondo marino del puerto',
          ],
        },
      ],
      en: [
        {
          h2: 'Safety',
          p: 'Every boat passes the Harbour Master’s annual inspection and carries life jackets for every passenger, children included. The crew run evacuation drills every month.',
        },
        {
          h2: 'Quality',
          p: 'We answer every complaint within ten days and use passengers’ suggestions to improve the service each season.',
        },
        {
          h2: 'Environment',
          ul: [
            'Engines tuned to cut fuel use and emissions',
            'Waste sorted on board and on the quay',
            'Support for groups that clean the harbour seabed',
          ],
        },
      ],
      fr: [
        {
          h2: 'Sécurité',
          p: 'Chaque bateau passe l’inspection annuelle de la Capitainerie et emporte des gilets pour tous les passagers, enfants compris. L’équipage fait un exercice d’évacuation chaque mois.',
        },
        {
          h2: 'Qualité',
          p: 'Nous répondons à toute réclamation sous dix jours et utilisons les suggestions des passagers pour améliorer le service chaque saison.',
        },
        {
          h2: 'Environnement',
          ul: [
            'Moteurs réglés pour réduire consommation et émissions',
            'Tri des déchets à bord et sur le quai',
            'Soutien aux associations qui nettoient les fonds du port',
          ],
        },
      ],
    },
  },
  {
    key: 'privacy',
    title: L('Política de privacitat', 'Política de privacidad', 'Privacy policy', 'Politique de confidentialité'),
    intro: L(
      'Com tractem les teves dades personals i quant de temps les conservem.',
      'Cómo tratamos tus datos personales y cuánto tiempo los conservamos.',
      'How we process your personal data and how long we keep it.',
      'Comment nous traitons vos données personnelles et combien de temps nous les conservons.',
    ),
    body: {
      ca: [
        {
          h2: 'Responsable',
          p: `${company}, ${address}. Per a qualsevol qüestió de privacitat, escriu a info@lasgolondrinas.example.`,
        },
        {
          h2: 'Quines dades tractem i per què',
          ul: [
            'Compra de bitllets: nom, cognoms, correu i telèfon, per enviar-te les entrades i avisar-te de canvis; les conservem 5 anys per obligacions fiscals.',
            'Sol·licituds d’escoles i grups: dades del centre i de la persona de contacte, per preparar la proposta; les conservem 2 anys.',
            'Formulari de contacte: nom, correu i missatge, per respondre’t; els esborrem al cap d’1 any.',
          ],
        },
        {
          h2: 'Qui ens ajuda a tractar-les',
          ul: [
            'Redsys (Servired), la passarel·la de pagament dels bancs espanyols: rep l’import i la referència de la reserva; les dades de la targeta les escrius a la seva pàgina, mai a la nostra.',
            'El nostre proveïdor de correu electrònic, que envia les entrades i les respostes.',
            'Google Analytics, només si hi dones el consentiment a les galetes d’analítica.',
            'OpenStreetMap, només quan obres el mapa interactiu (rep la teva adreça IP per servir-te el mapa).',
            'Els registres de correus enviats es guarden amb la reserva o la sol·licitud i s’esborren amb elles.',
          ],
        },
        {
          h2: 'Els teus drets',
          p: 'Pots accedir a les teves dades, rectificar-les, suprimir-les, limitar-ne o oposar-te’n al tractament i demanar-ne la portabilitat escrivint-nos. També pots reclamar davant l’Agència Espanyola de Protecció de Dades.',
        },
      ],
      es: [
        {
          h2: 'Responsable',
          p: `${company}, ${address}. Para cualquier cuestión de privacidad, escribe a info@lasgolondrinas.example.`,
        },
        {
          h2: 'Qué datos tratamos y para qué',
          ul: [
            'Compra de billetes: nombre, apellidos, correo y teléfono, para enviarte las entradas y avisarte de cambios; los conservamos 5 años por obligaciones fiscales.',
            'Solicitudes de escuelas y grupos: datos del centro y de la persona de contacto, para preparar la propuesta; los conservamos 2 años.',
            'Formulario de contacto: nombre, correo y mensaje, para responderte; los borramos al cabo de 1 año.',
          ],
        },
        {
          h2: 'Quién nos ayuda a tratarlos',
          ul: [
            'Redsys (Servired), la pasarela de pago de los bancos españoles: recibe el importe y la referencia de la reserva; los datos de la tarjeta los escribes en su página, nunca en la nuestra.',
            'Nuestro proveedor de correo electrónico, que envía las entradas y las respuestas.',
            'Google Analytics, solo si das tu consentimiento a las cookies de analítica.',
            'OpenStreetMap, solo cuando abres el mapa interactivo (recibe tu dirección IP para servirte el mapa).',
            'Los registros de correos enviados se guardan con la reserva o la solicitud y se borran con ellas.',
          ],
        },
        {
          h2: 'Tus derechos',
          p: 'Puedes acceder a tus datos, rectificarlos, suprimirlos, limitar u oponerte a su tratamiento y pedir su portabilidad escribiéndonos. También puedes reclamar ante la Agencia Española de Protección de Datos.',
        },
      ],
      en: [
        {
          h2: 'Data controller',
          p: `${company}, ${address}. For any privacy question, write to info@lasgolondrinas.example.`,
        },
        {
          h2: 'What data we process and why',
          ul: [
            'Ticket purchases: name, surnames, email and phone, to send your tickets and tell you about changes; kept for 5 years for tax obligations.',
            'School and group requests: details of the school and the contact person, to prepare our proposal; kept for 2 years.',
            'Contact form: name, email and message, to answer you; deleted after 1 year.',
          ],
        },
        {
          h2: 'Who helps us process it',
          ul: [
            'Redsys (Servired), the Spanish banks’ payment gateway: it receives the amount and the booking reference; you type your card details on its page, never on ours.',
            'Our e-mail provider, which delivers your tickets and our replies.',
            'Google Analytics, only if you consent to analytics cookies.',
            'OpenStreetMap, only when you open the interactive map (it receives your IP address to serve the map).',
            'Records of the e-mails we sent are kept with the booking or request and deleted with it.',
          ],
        },
        {
          h2: 'Your rights',
          p: 'You can access, correct or erase your data, restrict or object to its processing and ask for portability by writing to us. You may also complain to the Spanish Data Protection Agency (AEPD).',
        },
      ],
      fr: [
        {
          h2: 'Responsable du traitement',
          p: `${company}, ${address}. Pour toute question de confidentialité, écrivez à info@lasgolondrinas.example.`,
        },
        {
          h2: 'Quelles données et pourquoi',
          ul: [
            'Achat de billets : nom, prénoms, e-mail et téléphone, pour vous envoyer les billets et vous prévenir des changements ; conservés 5 ans pour obligations fiscales.',
            'Demandes d’écoles et de groupes : coordonnées de l’établissement et de la personne de contact, pour préparer notre proposition ; conservées 2 ans.',
            'Formulaire de contact : nom, e-mail et message, pour vous répondre ; supprimés au bout d’1 an.',
          ],
        },
        {
          h2: 'Qui nous aide à les traiter',
          ul: [
            'Redsys (Servired), la passerelle de paiement des banques espagnoles : elle reçoit le montant et la référence de la réservation ; vous saisissez votre carte sur sa page, jamais sur la nôtre.',
            'Notre prestataire d’e-mail, qui envoie vos billets et nos réponses.',
            'Google Analytics, uniquement si vous acceptez les cookies d’analyse.',
            'OpenStreetMap, uniquement quand vous ouvrez la carte interactive (il reçoit votre adresse IP pour afficher la carte).',
            'Les traces des e-mails envoyés sont conservées avec la réservation ou la demande et supprimées avec elles.',
          ],
        },
        {
          h2: 'Vos droits',
          p: 'Vous pouvez accéder à vos données, les rectifier, les effacer, limiter ou refuser leur traitement et demander leur portabilité en nous écrivant. Vous pouvez aussi saisir l’Agence espagnole de protection des données (AEPD).',
        },
      ],
    },
  },
  {
    key: 'terms',
    title: L('Termes i condicions', 'Términos y condiciones', 'Terms and conditions', 'Conditions générales'),
    intro: L(
      'Condicions de compra i d’ús dels bitllets.',
      'Condiciones de compra y de uso de los billetes.',
      'Conditions of purchase and use of the tickets.',
      'Conditions d’achat et d’utilisation des billets.',
    ),
    body: {
      ca: [
        {
          h2: 'Compra',
          p: 'El preu inclou l’IVA. La compra es confirma quan reps el correu amb els bitllets; fins aleshores, les places queden reservades durant 15 minuts.',
        },
        {
          h2: 'Canvis i cancel·lacions',
          ul: [
            'Pots canviar la data fins a 24 hores abans de la sortida, sense cost.',
            'Si cancel·lem per mal temps, pots triar un altre dia o el reemborsament complet.',
            'Els bitllets combinats es regeixen també per les condicions del museu o restaurant.',
          ],
        },
        {
          h2: 'A bord',
          p: 'Segueix sempre les indicacions de la tripulació. Els infants han d’anar acompanyats d’un adult i no es permet viatjar dret a les escales.',
        },
      ],
      es: [
        {
          h2: 'Compra',
          p: 'El precio incluye el IVA. La compra se confirma cuando recibes el correo con los billetes; hasta entonces, las plazas quedan reservadas durante 15 minutos.',
        },
        {
          h2: 'Cambios y cancelaciones',
          ul: [
            'Puedes cambiar la fecha hasta 24 horas antes de la salida, sin coste.',
            'Si cancelamos por mal tiempo, puedes elegir otro día o el reembolso completo.',
            'Los billetes combinados se rigen también por las condiciones del museo o restaurante.',
          ],
        },
        {
          h2: 'A bordo',
          p: 'Sigue siempre las indicaciones de la tripulación. Los niños deben ir acompañados de un adulto y no se permite viajar de pie en las escaleras.',
        },
      ],
      en: [
        {
          h2: 'Purchase',
          p: 'Prices include VAT. Your purchase is confirmed when you receive the email with your tickets; until then, your seats are held for 15 minutes.',
        },
        {
          h2: 'Changes and cancellations',
          ul: [
            'You can change the date free of charge up to 24 hours before departure.',
            'If we cancel because of bad weather, you can choose another day or a full refund.',
            'Combined tickets are also subject to the museum’s or restaurant’s conditions.',
          ],
        },
        {
          h2: 'On board',
          p: 'Always follow the crew’s instructions. Children must be accompanied by an adult, and standing on the stairs is not allowed.',
        },
      ],
      fr: [
        {
          h2: 'Achat',
          p: 'Les prix incluent la TVA. L’achat est confirmé à la réception de l’e-mail contenant les billets ; jusque-là, les places sont retenues 15 minutes.',
        },
        {
          h2: 'Modifications et annulations',
          ul: [
            'Vous pouvez changer la date sans frais jusqu’à 24 heures avant le départ.',
            'Si nous annulons pour mauvais temps, vous choisissez un autre jour ou le remboursement intégral.',
            'Les billets combinés sont aussi soumis aux conditions du musée ou du restaurant.',
          ],
        },
        {
          h2: 'À bord',
          p: 'Suivez toujours les consignes de l’équipage. Les enfants doivent être accompagnés d’un adulte et il est interdit de rester debout dans les escaliers.',
        },
      ],
    },
  },
  {
    key: 'cookies',
    title: L('Política de galetes', 'Política de cookies', 'Cookies policy', 'Politique de cookies'),
    intro: L(
      'Quines galetes fa servir aquest web, per a què i durant quant de temps.',
      'Qué cookies usa esta web, para qué y durante cuánto tiempo.',
      'Which cookies this website uses, why and for how long.',
      'Quels cookies ce site utilise, pourquoi et pour combien de temps.',
    ),
    body: {
      ca: [
        {
          h2: 'Galetes necessàries',
          ul: [
            'NEXT_LOCALE: recorda l’idioma que has triat; dura 365 dies.',
            'cc_cookie: desa les teves preferències de galetes; dura 6 mesos.',
          ],
        },
        {
          h2: 'Galetes d’analítica',
          p: 'Només si les acceptes, fem servir Google Analytics per saber quines pàgines es visiten més. No es carrega cap script d’analítica abans del teu consentiment.',
        },
        {
          h2: 'Canviar d’opinió',
          p: 'Pots canviar les preferències quan vulguis amb el botó flotant de la cantonada inferior dreta.',
        },
      ],
      es: [
        {
          h2: 'Cookies necesarias',
          ul: [
            'NEXT_LOCALE: recuerda el idioma que has elegido; dura 365 días.',
            'cc_cookie: guarda tus preferencias de cookies; dura 6 meses.',
          ],
        },
        {
          h2: 'Cookies de analítica',
          p: 'Solo si las aceptas, usamos Google Analytics para saber qué páginas se visitan más. No se carga ningún script de analítica antes de tu consentimiento.',
        },
        {
          h2: 'Cambiar de opinión',
          p: 'Puedes cambiar tus preferencias cuando quieras con el botón flotante de la esquina inferior derecha.',
        },
      ],
      en: [
        {
          h2: 'Necessary cookies',
          ul: [
            'NEXT_LOCALE: remembers the language you chose; lasts 365 days.',
            'cc_cookie: stores your cookie preferences; lasts 6 months.',
          ],
        },
        {
          h2: 'Analytics cookies',
          p: 'Only if you accept them, we use Google Analytics to learn which pages are visited most. No analytics script loads before you consent.',
        },
        {
          h2: 'Changing your mind',
          p: 'You can change your preferences at any time with the floating button at the bottom right.',
        },
      ],
      fr: [
        {
          h2: 'Cookies nécessaires',
          ul: [
            'NEXT_LOCALE : mémorise la langue choisie ; dure 365 jours.',
            'cc_cookie : enregistre vos préférences de cookies ; dure 6 mois.',
          ],
        },
        {
          h2: 'Cookies d’analyse',
          p: 'Uniquement si vous les acceptez, nous utilisons Google Analytics pour savoir quelles pages sont les plus visitées. Aucun script d’analyse n’est chargé avant votre consentement.',
        },
        {
          h2: 'Changer d’avis',
          p: 'Vous pouvez modifier vos préférences à tout moment avec le bouton flottant en bas à droite.',
        },
      ],
    },
  },
];
