import type { Locale } from '@/i18n/locales';

import type { TourSeed } from './catalog';

type Localized = Record<Locale, string>;
type LocalizedList = Record<Locale, string[]>;

const L = (ca: string, es: string, en: string, fr: string): Localized => ({ ca, es, en, fr });

export type TourContentSeed = {
  heroImage: string;
  boardingPoint: string;
  priceFromCents: number;
  description: Localized;
  includes: LocalizedList;
  departuresWeekday: Localized;
  departuresWeekend: Localized;
  audioGuide: Localized | null;
  faq: Record<Locale, { question: string; answer: string }[]>;
};

const audioGuide = L(
  'Audioguia al mòbil en nou idiomes per 3,00 EUR: escaneja el codi QR a bord i escolta la història del port al teu ritme. Els auriculars no hi estan inclosos.',
  'Audioguía en el móvil en nueve idiomas por 3,00 EUR: escanea el código QR a bordo y escucha la historia del puerto a tu ritmo. Los auriculares no están incluidos.',
  'Mobile audio guide in nine languages for 3.00 EUR: scan the QR code on board and hear the story of the port at your own pace. Headphones are not included.',
  'Audioguide sur mobile en neuf langues pour 3,00 EUR : scannez le code QR à bord et écoutez l’histoire du port à votre rythme. Les écouteurs ne sont pas inclus.',
);

const commonFaq: TourContentSeed['faq'] = {
  ca: [
    {
      question: 'Amb quanta antelació he de ser al moll?',
      answer: 'Et recomanem arribar 15 minuts abans de la sortida. L’embarcament tanca 5 minuts abans de salpar.',
    },
    {
      question: 'Puc pujar amb cotxet o cadira de rodes?',
      answer:
        'Sí. La coberta inferior és accessible sense graons; els cotxets es pleguen a bord i la tripulació t’ajuda a embarcar.',
    },
    {
      question: 'Què passa si fa mal temps?',
      answer:
        'Si el capità suspèn la sortida per l’estat de la mar, et canviem el bitllet per un altre dia o te’n retornem l’import.',
    },
    {
      question: 'Els nens paguen?',
      answer:
        'Els infants amb carnet del Club Super3 viatgen gratis, fins a quatre per cada adult. Tots ocupen plaça a bord.',
    },
  ],
  es: [
    {
      question: '¿Con cuánta antelación debo estar en el muelle?',
      answer: 'Te recomendamos llegar 15 minutos antes de la salida. El embarque cierra 5 minutos antes de zarpar.',
    },
    {
      question: '¿Puedo subir con carrito o silla de ruedas?',
      answer:
        'Sí. La cubierta inferior es accesible sin escalones; los carritos se pliegan a bordo y la tripulación te ayuda a embarcar.',
    },
    {
      question: '¿Qué pasa si hace mal tiempo?',
      answer:
        'Si el capitán suspende la salida por el estado del mar, te cambiamos el billete para otro día o te devolvemos el importe.',
    },
    {
      question: '¿Pagan los niños?',
      answer:
        'Los niños con carnet del Club Super3 viajan gratis, hasta cuatro por cada adulto. Todos ocupan plaza a bordo.',
    },
  ],
  en: [
    {
      question: 'How early should I be at the quay?',
      answer: 'Please arrive 15 minutes before departure. Boarding closes 5 minutes before we cast off.',
    },
    {
      question: 'Can I come with a pushchair or a wheelchair?',
      answer: 'Yes. The lower deck is step-free; pushchairs are folded on board and the crew will help you embark.',
    },
    {
      question: 'What happens in bad weather?',
      answer: 'If the captain cancels a departure because of the sea, we move your ticket to another day or refund it.',
    },
    {
      question: 'Do children pay?',
      answer:
        'Children with a Club Super3 card travel free, up to four per adult. Every child still takes a seat on board.',
    },
  ],
  fr: [
    {
      question: 'Combien de temps à l’avance dois-je être sur le quai ?',
      answer:
        'Nous vous conseillons d’arriver 15 minutes avant le départ. L’embarquement ferme 5 minutes avant d’appareiller.',
    },
    {
      question: 'Puis-je venir avec une poussette ou un fauteuil roulant ?',
      answer:
        'Oui. Le pont inférieur est de plain-pied ; les poussettes se plient à bord et l’équipage vous aide à embarquer.',
    },
    {
      question: 'Que se passe-t-il en cas de mauvais temps ?',
      answer:
        'Si le capitaine annule un départ à cause de l’état de la mer, nous reportons votre billet à un autre jour ou le remboursons.',
    },
    {
      question: 'Les enfants paient-ils ?',
      answer:
        'Les enfants titulaires de la carte Club Super3 voyagent gratuitement, jusqu’à quatre par adulte. Chaque enfant occupe une place à bord.',
    },
  ],
};

const harbourDescription = L(
  'Salpem del moll de les Drassanes, als peus del monument a Colom, i recorrem el port de Barcelona a bord d’una golondrina de fusta de dues cobertes.\n\nDes de la coberta superior, oberta al cel, veuràs el Moll de la Fusta, els grans creuers del Moll Adossat, la bocana i el perfil de Montjuïc. La tripulació t’explica com ha canviat el port des que vam fer la primera travessia, el 1888.',
  'Zarpamos del muelle de las Drassanes, a los pies del monumento a Colón, y recorremos el puerto de Barcelona a bordo de una golondrina de madera de dos cubiertas.\n\nDesde la cubierta superior, abierta al cielo, verás el Moll de la Fusta, los grandes cruceros del Moll Adossat, la bocana y el perfil de Montjuïc. La tripulación te cuenta cómo ha cambiado el puerto desde nuestra primera travesía, en 1888.',
  'We cast off from the Drassanes quay, at the foot of the Columbus monument, and sail the port of Barcelona aboard a wooden two-deck golondrina.\n\nFrom the open upper deck you will see Moll de la Fusta, the great cruise ships at Moll Adossat, the harbour mouth and the outline of Montjuïc. The crew tell you how the port has changed since our first crossing in 1888.',
  'Nous partons du quai des Drassanes, au pied du monument à Colomb, et parcourons le port de Barcelone à bord d’une golondrina en bois à deux ponts.\n\nDepuis le pont supérieur, ouvert sur le ciel, vous verrez le Moll de la Fusta, les grands paquebots du Moll Adossat, l’entrée du port et la silhouette de Montjuïc. L’équipage vous raconte comment le port a changé depuis notre première traversée, en 1888.',
);

const coastDescription = L(
  'Una hora de mar: sortim del moll de les Drassanes, travessem el port i seguim la costa davant de les platges de la Barceloneta, l’Hotel Vela i les torres del Port Olímpic abans de tornar.\n\nÉs el passeig que més agrada a les famílies: prou llarg per sentir la brisa i veure la ciutat des del mar, prou curt per als més petits. La coberta superior és oberta; la inferior, coberta i resguardada.',
  'Una hora de mar: salimos del muelle de las Drassanes, cruzamos el puerto y seguimos la costa frente a las playas de la Barceloneta, el Hotel Vela y las torres del Port Olímpic antes de volver.\n\nEs el paseo que más gusta a las familias: lo bastante largo para sentir la brisa y ver la ciudad desde el mar, lo bastante corto para los más pequeños. La cubierta superior es abierta; la inferior, cubierta y resguardada.',
  'An hour at sea: we leave the Drassanes quay, cross the harbour and follow the coast past the Barceloneta beaches, the W hotel and the towers of the Olympic Port before heading back.\n\nFamilies love this one: long enough to feel the breeze and see the city from the sea, short enough for the little ones. The upper deck is open to the sky; the lower deck is covered and sheltered.',
  'Une heure en mer : nous quittons le quai des Drassanes, traversons le port et longeons les plages de la Barceloneta, l’hôtel W et les tours du Port Olympique avant de revenir.\n\nC’est la balade préférée des familles : assez longue pour sentir la brise et voir la ville depuis la mer, assez courte pour les plus petits. Le pont supérieur est ouvert ; le pont inférieur, couvert et abrité.',
);

const combinedDescription = (visit: Localized): Localized => ({
  ca: `Un bitllet per a dos plans: el passeig en golondrina pel port i el litoral de Barcelona i ${visit.ca}\n\nPots fer la visita abans o després de navegar, el mateix dia o qualsevol altre dia dels tres mesos següents. Presenta el bitllet digital a l’entrada: no cal fer cua a la taquilla.`,
  es: `Un billete para dos planes: el paseo en golondrina por el puerto y el litoral de Barcelona y ${visit.es}\n\nPuedes hacer la visita antes o después de navegar, el mismo día o cualquier otro día de los tres meses siguientes. Presenta el billete digital en la entrada: no hace falta hacer cola en taquilla.`,
  en: `One ticket, two plans: the golondrina trip around the port and coast of Barcelona and ${visit.en}\n\nVisit before or after sailing, on the same day or any day in the following three months. Show your digital ticket at the entrance: no need to queue at the ticket office.`,
  fr: `Un billet, deux sorties : la balade en golondrina dans le port et le long du littoral de Barcelone et ${visit.fr}\n\nFaites la visite avant ou après la navigation, le jour même ou n’importe quel jour des trois mois suivants. Présentez le billet numérique à l’entrée : pas de file d’attente au guichet.`,
});

const boatTrip = (minutes: number): Localized =>
  L(
    `Passeig en golondrina de ${minutes} minuts`,
    `Paseo en golondrina de ${minutes} minutos`,
    `${minutes}-minute golondrina boat trip`,
    `Balade en golondrina de ${minutes} minutes`,
  );

const departures = {
  harbourWeekday: L(
    'Cada 45 minuts, de 11.00 a 18.30 (fins a les 19.30 de juny a setembre).',
    'Cada 45 minutos, de 11.00 a 18.30 (hasta las 19.30 de junio a septiembre).',
    'Every 45 minutes from 11:00 to 18:30 (until 19:30 from June to September).',
    'Toutes les 45 minutes de 11 h à 18 h 30 (jusqu’à 19 h 30 de juin à septembre).',
  ),
  harbourWeekend: L(
    'Cada 30 minuts, de 11.00 a 19.00.',
    'Cada 30 minutos, de 11.00 a 19.00.',
    'Every 30 minutes from 11:00 to 19:00.',
    'Toutes les 30 minutes de 11 h à 19 h.',
  ),
  coastWeekday: L(
    '11.30, 13.00, 15.00 i 16.30; d’abril a octubre, també a les 18.00.',
    '11.30, 13.00, 15.00 y 16.30; de abril a octubre, también a las 18.00.',
    '11:30, 13:00, 15:00 and 16:30; from April to October also at 18:00.',
    '11 h 30, 13 h, 15 h et 16 h 30 ; d’avril à octobre, aussi à 18 h.',
  ),
  coastWeekend: L(
    'Cada hora i mitja, de 11.30 a 18.00.',
    'Cada hora y media, de 11.30 a 18.00.',
    'Every hour and a half from 11:30 to 18:00.',
    'Toutes les heures et demie de 11 h 30 à 18 h.',
  ),
  single1030Weekday: L(
    'Una sola sortida a les 10.30, de dilluns a divendres. Altres horaris, a petició.',
    'Una sola salida a las 10.30, de lunes a viernes. Otros horarios, bajo petición.',
    'A single departure at 10:30, Monday to Friday. Other times on request.',
    'Un seul départ à 10 h 30, du lundi au vendredi. Autres horaires sur demande.',
  ),
  onRequestWeekend: L(
    'Caps de setmana, només a petició per a grups.',
    'Fines de semana, solo bajo petición para grupos.',
    'At weekends, on request for groups only.',
    'Le week-end, uniquement sur demande pour les groupes.',
  ),
  kings: L(
    'Una sola sortida el 5 de gener a les 15.15.',
    'Una sola salida el 5 de enero a las 15.15.',
    'A single departure on 5 January at 15:15.',
    'Un seul départ le 5 janvier à 15 h 15.',
  ),
  raceDays: L(
    'Els dies de regata, sortida 90 minuts abans de la primera prova.',
    'Los días de regata, salida 90 minutos antes de la primera prueba.',
    'On race days, departure 90 minutes before the first race.',
    'Les jours de régate, départ 90 minutes avant la première course.',
  ),
};

type Visit = { include: Localized; sentence: Localized };
const visits: Record<string, Visit> = {
  aquarium: {
    include: L(
      'Entrada a l’Aquàrium de Barcelona',
      'Entrada al Aquarium de Barcelona',
      'Entry to the Barcelona Aquarium',
      'Entrée à l’Aquarium de Barcelone',
    ),
    sentence: L(
      'l’entrada a l’Aquàrium del Port Vell, amb el túnel de 80 metres on els taurons et passen per sobre.',
      'la entrada al Aquarium del Port Vell, con el túnel de 80 metros donde los tiburones te pasan por encima.',
      'entry to the Port Vell Aquarium, with its 80-metre tunnel where sharks glide over your head.',
      'l’entrée à l’Aquarium du Port Vell, avec son tunnel de 80 mètres où les requins passent au-dessus de vous.',
    ),
  },
  museum: {
    include: L(
      'Entrada al Museu de Cera de Barcelona',
      'Entrada al Museo de Cera de Barcelona',
      'Entry to the Barcelona Wax Museum',
      'Entrée au Musée de cire de Barcelone',
    ),
    sentence: L(
      'l’entrada al Museu de Cera, a la Rambla, amb més de tres-centes figures de personatges de la història i del cinema.',
      'la entrada al Museo de Cera, en la Rambla, con más de trescientas figuras de personajes de la historia y del cine.',
      'entry to the Wax Museum on the Rambla, with more than three hundred figures from history and film.',
      'l’entrée au Musée de cire sur la Rambla, avec plus de trois cents personnages de l’histoire et du cinéma.',
    ),
  },
  mercante: {
    include: L(
      'Menú al restaurant Il Mercante di Venezia',
      'Menú en el restaurante Il Mercante di Venezia',
      'Set menu at Il Mercante di Venezia',
      'Menu au restaurant Il Mercante di Venezia',
    ),
    sentence: L(
      'un menú de cuina italiana casolana al restaurant Il Mercante di Venezia, a dos carrers del moll.',
      'un menú de cocina italiana casera en el restaurante Il Mercante di Venezia, a dos calles del muelle.',
      'a home-style Italian set menu at Il Mercante di Venezia, two streets from the quay.',
      'un menu de cuisine italienne maison au restaurant Il Mercante di Venezia, à deux rues du quai.',
    ),
  },
  ramonet: {
    include: L(
      'Dinar o sopar de cuina marinera',
      'Comida o cena de cocina marinera',
      'Seafood lunch or dinner',
      'Déjeuner ou dîner de fruits de mer',
    ),
    sentence: L(
      'un dinar o un sopar de cuina marinera —arròs, peix fresc i postres— en un restaurant de la Barceloneta.',
      'una comida o una cena de cocina marinera —arroz, pescado fresco y postre— en un restaurante de la Barceloneta.',
      'a seafood lunch or dinner — rice, fresh fish and dessert — at a restaurant in Barceloneta.',
      'un déjeuner ou un dîner de la mer — riz, poisson frais et dessert — dans un restaurant de la Barceloneta.',
    ),
  },
  magic: {
    include: L(
      'Entrada al museu Magic World',
      'Entrada al museo Magic World',
      'Entry to the Magic World museum',
      'Entrée au musée Magic World',
    ),
    sentence: L(
      'l’entrada al museu Magic World, on les il·lusions òptiques i els jocs de màgia sorprenen grans i petits.',
      'la entrada al museo Magic World, donde las ilusiones ópticas y los juegos de magia sorprenden a mayores y pequeños.',
      'entry to the Magic World museum, where optical illusions and magic tricks amaze young and old.',
      'l’entrée au musée Magic World, où illusions d’optique et tours de magie étonnent petits et grands.',
    ),
  },
  'poble-espanyol': {
    include: L(
      'Entrada al Poble Espanyol',
      'Entrada al Poble Espanyol',
      'Entry to the Poble Espanyol',
      'Entrée au Poble Espanyol',
    ),
    sentence: L(
      'l’entrada al Poble Espanyol de Montjuïc, amb 117 edificis que reprodueixen racons de tota la península i tallers d’artesans.',
      'la entrada al Poble Espanyol de Montjuïc, con 117 edificios que reproducen rincones de toda la península y talleres de artesanos.',
      'entry to the Poble Espanyol on Montjuïc, 117 buildings recreating corners of the whole peninsula, with craft workshops.',
      'l’entrée au Poble Espanyol de Montjuïc, 117 bâtiments qui reproduisent des coins de toute la péninsule, avec des ateliers d’artisans.',
    ),
  },
  'time-out-market': {
    include: L(
      'Tast al Time Out Market',
      'Degustación en el Time Out Market',
      'Tasting at Time Out Market',
      'Dégustation au Time Out Market',
    ),
    sentence: L(
      'un tast al Time Out Market del Maremagnum, on cuinen alguns dels millors xefs de la ciutat.',
      'una degustación en el Time Out Market del Maremagnum, donde cocinan algunos de los mejores chefs de la ciudad.',
      'a tasting at the Time Out Market in Maremagnum, where some of the city’s best chefs cook.',
      'une dégustation au Time Out Market du Maremagnum, où cuisinent quelques-uns des meilleurs chefs de la ville.',
    ),
  },
  maritime: {
    include: L(
      'Entrada al Museu Marítim de Barcelona',
      'Entrada al Museo Marítimo de Barcelona',
      'Entry to the Barcelona Maritime Museum',
      'Entrée au Musée maritime de Barcelone',
    ),
    sentence: L(
      'l’entrada al Museu Marítim, a les Drassanes Reials, on hi ha la rèplica de la galera Reial de Joan d’Àustria.',
      'la entrada al Museo Marítimo, en las Atarazanas Reales, donde está la réplica de la galera Real de Juan de Austria.',
      'entry to the Maritime Museum in the Royal Shipyards, home of the replica of John of Austria’s Royal Galley.',
      'l’entrée au Musée maritime, dans les chantiers navals royaux, où se trouve la réplique de la galère royale de Don Juan d’Autriche.',
    ),
  },
  moco: {
    include: L(
      'Entrada al Moco Museum Barcelona',
      'Entrada al Moco Museum Barcelona',
      'Entry to Moco Museum Barcelona',
      'Entrée au Moco Museum Barcelona',
    ),
    sentence: L(
      'l’entrada al Moco Museum, al Born, amb obres de Banksy, Warhol, Basquiat i artistes digitals d’avui.',
      'la entrada al Moco Museum, en el Born, con obras de Banksy, Warhol, Basquiat y artistas digitales de hoy.',
      'entry to the Moco Museum in El Born, with works by Banksy, Warhol, Basquiat and today’s digital artists.',
      'l’entrée au Moco Museum, dans le Born, avec des œuvres de Banksy, Warhol, Basquiat et d’artistes numériques d’aujourd’hui.',
    ),
  },
};

const visitByMenuKey: Record<string, keyof typeof visits> = {
  aquarium: 'aquarium',
  museum: 'museum',
  mercante: 'mercante',
  ramonet: 'ramonet',
  magic: 'magic',
  'poble-espanyol': 'poble-espanyol',
  'time-out-market': 'time-out-market',
  maritime40: 'maritime',
  maritime60: 'maritime',
  moco60: 'moco',
};

const kingsDescription = L(
  'El 5 de gener a la tarda, els Reis d’Orient arriben a Barcelona per mar i desembarquen al Moll de la Fusta. Des de la golondrina els acompanyem per l’aigua i veiem de prop la seva nau abans que toquin terra.\n\nÉs la nostra sortida més especial de l’any i les places s’exhaureixen aviat: recomanem reservar amb temps.',
  'La tarde del 5 de enero, los Reyes Magos llegan a Barcelona por mar y desembarcan en el Moll de la Fusta. Desde la golondrina los acompañamos por el agua y vemos de cerca su nave antes de que toquen tierra.\n\nEs nuestra salida más especial del año y las plazas se agotan pronto: recomendamos reservar con tiempo.',
  'On the afternoon of 5 January the Three Kings arrive in Barcelona by sea and land at Moll de la Fusta. We sail alongside them and see their ship up close before they step ashore.\n\nIt is our most special departure of the year and seats sell out early: please book ahead.',
  'L’après-midi du 5 janvier, les Rois mages arrivent à Barcelone par la mer et débarquent au Moll de la Fusta. Nous les accompagnons sur l’eau et voyons leur navire de près avant qu’ils ne touchent terre.\n\nC’est notre sortie la plus spéciale de l’année et les places partent vite : réservez tôt.',
);

const eventDescription = L(
  'Les regates es veuen millor des del mar. Salpem amb temps per situar-nos a la zona reservada per al públic, amb vista a les boies de sortida i d’arribada, i tornem quan acaba la darrera prova.\n\nA bord et donem el programa del dia i t’expliquem les regles perquè segueixis cada maniobra.',
  'Las regatas se ven mejor desde el mar. Zarpamos con tiempo para situarnos en la zona reservada al público, con vista a las boyas de salida y de llegada, y volvemos cuando termina la última prueba.\n\nA bordo te damos el programa del día y te explicamos las reglas para que sigas cada maniobra.',
  'Races are best seen from the sea. We sail early to take our place in the spectator area, in sight of the start and finish marks, and return when the last race ends.\n\nOn board we hand out the day’s programme and explain the rules so you can follow every manoeuvre.',
  'Les régates se regardent mieux depuis la mer. Nous partons tôt pour nous placer dans la zone réservée au public, face aux bouées de départ et d’arrivée, et rentrons après la dernière course.\n\nÀ bord, nous vous remettons le programme du jour et vous expliquons les règles pour suivre chaque manœuvre.',
);

const heroByMenuKey: Record<string, string> = {
  '40': 'columbus-monument',
  '60': 'barceloneta-coast',
  kingsParade60: 'harbour-evening',
  kingsParade40: 'harbour-evening',
  americas: 'port-forum',
  sailingEvent: 'port-forum',
};

const priceByMenuKey: Record<string, number> = {
  '40': 900,
  '60': 1650,
  kingsParade60: 2200,
  kingsParade40: 1500,
  americas: 4500,
  sailingEvent: 3500,
  maritime40: 1500,
  mercante: 3400,
  ramonet: 4200,
};

/** Page content of each tour of the catalogue, derived from its kind and what it combines. */
export function tourContentFor(tour: TourSeed): TourContentSeed {
  const visitKey = visitByMenuKey[tour.menuKey];
  const visit = visitKey ? visits[visitKey] : undefined;
  const isForum = tour.kind === 'event';
  const base = {
    heroImage: heroByMenuKey[tour.menuKey] ?? (tour.kind === 'combined' ? 'harbour-panorama' : 'golondrina-boat'),
    boardingPoint: isForum ? 'port-forum' : 'portal-de-la-pau',
    priceFromCents: priceByMenuKey[tour.menuKey] ?? (tour.kind === 'combined' ? 2900 : 1650),
    faq: commonFaq,
  };
  const trip = boatTrip(tour.durationMinutes);
  const listOf = (...items: Localized[]): LocalizedList => ({
    ca: items.map((i) => i.ca),
    es: items.map((i) => i.es),
    en: items.map((i) => i.en),
    fr: items.map((i) => i.fr),
  });
  const commentary = L(
    'Explicacions de la tripulació en català, castellà, anglès i francès',
    'Explicaciones de la tripulación en catalán, castellano, inglés y francés',
    'Crew commentary in Catalan, Spanish, English and French',
    'Commentaires de l’équipage en catalan, espagnol, anglais et français',
  );
  const seat = L(
    'Seient a coberta, sense reserva de lloc',
    'Asiento en cubierta, sin reserva de sitio',
    'A seat on deck (unreserved)',
    'Une place sur le pont (non numérotée)',
  );

  if (tour.kind === 'special') {
    return {
      ...base,
      description: kingsDescription,
      includes: listOf(trip, commentary, seat),
      departuresWeekday: departures.kings,
      departuresWeekend: departures.kings,
      audioGuide: null,
    };
  }
  if (tour.kind === 'event') {
    return {
      ...base,
      description: eventDescription,
      includes: listOf(
        trip,
        L(
          'Lloc a la zona de públic de la regata',
          'Sitio en la zona de público de la regata',
          'A place in the race spectator area',
          'Une place dans la zone spectateurs de la régate',
        ),
        L(
          'Programa del dia i explicacions a bord',
          'Programa del día y explicaciones a bordo',
          'The day’s programme and commentary on board',
          'Programme du jour et commentaires à bord',
        ),
      ),
      departuresWeekday: departures.raceDays,
      departuresWeekend: departures.raceDays,
      audioGuide: null,
    };
  }
  if (visit) {
    const singleDeparture = tour.menuKey === 'maritime60' || tour.menuKey === 'moco60';
    const harbour = tour.durationMinutes === 40;
    return {
      ...base,
      description: combinedDescription(visit.sentence),
      includes: listOf(trip, visit.include, commentary),
      departuresWeekday: singleDeparture
        ? departures.single1030Weekday
        : harbour
          ? departures.harbourWeekday
          : departures.coastWeekday,
      departuresWeekend: singleDeparture
        ? departures.onRequestWeekend
        : harbour
          ? departures.harbourWeekend
          : departures.coastWeekend,
      audioGuide,
    };
  }
  const harbour = tour.kind === 'harbour';
  return {
    ...base,
    description: harbour ? harbourDescription : coastDescription,
    includes: listOf(trip, commentary, seat),
    departuresWeekday: harbour ? departures.harbourWeekday : departures.coastWeekday,
    departuresWeekend: harbour ? departures.harbourWeekend : departures.coastWeekend,
    audioGuide,
  };
}
