import type { CollectionConfig, Field, GlobalConfig } from 'payload';

/**
 * The back office in the staff's language (Payload's admin language is chosen per user).
 *
 * Collection files keep their labels, descriptions and option labels in plain English, where
 * they are read next to the field; this module is the one home of their translations and swaps
 * each string for a `{ ca, es, en, fr }` object before Payload sees the config. Fields without
 * a label are looked up by their name (Payload would otherwise show "Seats Sold"). Translating
 * here instead of inline keeps the collection files readable and every concept translated once.
 * Labels are admin-only: nothing here reaches the database schema.
 */

export type AdminLanguage = 'ca' | 'es' | 'en' | 'fr';
export type Translated = Record<AdminLanguage, string>;
export const adminLanguages: readonly AdminLanguage[] = ['ca', 'es', 'en', 'fr'];

const tr = (ca: string, es: string, en: string, fr: string): Translated => ({ ca, es, en, fr });
/** Internal codes (menu slots, programme slugs) that staff know by their code in every language. */
const code = (value: string): Translated => tr(value, value, value, value);

const languageNames = {
  ca: tr('Català', 'Catalán', 'Catalan', 'Catalan'),
  es: tr('Castellà', 'Castellano', 'Spanish', 'Espagnol'),
  en: tr('Anglès', 'Inglés', 'English', 'Anglais'),
  fr: tr('Francès', 'Francés', 'French', 'Français'),
};

const euroCentsHint = tr(
  'En euros (12,50); es desa en cèntims.',
  'En euros (12,50); se guarda en céntimos.',
  'In euros (12,50); stored in cents.',
  'En euros (12,50) ; enregistré en centimes.',
);
const slugHint = tr(
  'Part de l’adreça: minúscules, xifres i guions.',
  'Parte de la dirección: minúsculas, cifras y guiones.',
  'Part of the address: lowercase letters, digits and hyphens.',
  'Partie de l’adresse : minuscules, chiffres et tirets.',
);
const seoHint = tr(
  'Títol i descripció per als cercadors; buit = el títol i el resum.',
  'Título y descripción para los buscadores; vacío = el título y el resumen.',
  'Search-engine title and description; empty = the title and summary.',
  'Titre et description pour les moteurs de recherche ; vide = le titre et le résumé.',
);
const isoDate = tr('AAAA-MM-DD', 'AAAA-MM-DD', 'YYYY-MM-DD', 'AAAA-MM-JJ');

/** Collection names, by slug. */
export const collectionLabels: Record<string, { singular: Translated; plural: Translated }> = {
  tours: {
    singular: tr('Excursió', 'Excursión', 'Tour', 'Excursion'),
    plural: tr('Excursions', 'Excursiones', 'Tours', 'Excursions'),
  },
  'school-tours': {
    singular: tr('Sortida escolar', 'Salida escolar', 'School tour', 'Sortie scolaire'),
    plural: tr('Sortides escolars', 'Salidas escolares', 'School tours', 'Sorties scolaires'),
  },
  boats: { singular: tr('Vaixell', 'Barco', 'Boat', 'Bateau'), plural: tr('Vaixells', 'Barcos', 'Boats', 'Bateaux') },
  'boarding-points': {
    singular: tr('Punt d’embarcament', 'Punto de embarque', 'Boarding point', 'Point d’embarquement'),
    plural: tr('Punts d’embarcament', 'Puntos de embarque', 'Boarding points', 'Points d’embarquement'),
  },
  media: { singular: tr('Imatge', 'Imagen', 'Image', 'Image'), plural: tr('Imatges', 'Imágenes', 'Media', 'Médias') },
  'past-images': {
    singular: tr('Imatge antiga', 'Imagen antigua', 'Past image', 'Image d’époque'),
    plural: tr('Imatges antigues', 'Imágenes antiguas', 'Past images', 'Images d’époque'),
  },
  pages: { singular: tr('Pàgina', 'Página', 'Page', 'Page'), plural: tr('Pàgines', 'Páginas', 'Pages', 'Pages') },
  timetables: {
    singular: tr('Horari', 'Horario', 'Timetable', 'Horaire'),
    plural: tr('Horaris', 'Horarios', 'Timetables', 'Horaires'),
  },
  departures: {
    singular: tr('Sortida', 'Salida', 'Departure', 'Départ'),
    plural: tr('Sortides', 'Salidas', 'Departures', 'Départs'),
  },
  bookings: {
    singular: tr('Reserva', 'Reserva', 'Booking', 'Réservation'),
    plural: tr('Reserves', 'Reservas', 'Bookings', 'Réservations'),
  },
  tickets: {
    singular: tr('Bitllet', 'Billete', 'Ticket', 'Billet'),
    plural: tr('Bitllets', 'Billetes', 'Tickets', 'Billets'),
  },
  'payment-notifications': {
    singular: tr('Notificació de pagament', 'Notificación de pago', 'Payment notification', 'Notification de paiement'),
    plural: tr(
      'Notificacions de pagament',
      'Notificaciones de pago',
      'Payment notifications',
      'Notifications de paiement',
    ),
  },
  'payment-events': {
    singular: tr('Moviment de pagament', 'Movimiento de pago', 'Payment event', 'Mouvement de paiement'),
    plural: tr(
      'Pagaments i devolucions',
      'Pagos y devoluciones',
      'Payments and refunds',
      'Paiements et remboursements',
    ),
  },
  'booking-moves': {
    singular: tr(
      'Canvi pendent de pagament',
      'Cambio pendiente de pago',
      'Move awaiting payment',
      'Changement à payer',
    ),
    plural: tr(
      'Canvis pendents de pagament',
      'Cambios pendientes de pago',
      'Moves awaiting payment',
      'Changements à payer',
    ),
  },
  'audit-log': {
    singular: tr('Registre d’activitat', 'Registro de actividad', 'Audit entry', 'Entrée du journal'),
    plural: tr('Registre d’activitat', 'Registro de actividad', 'Audit log', 'Journal d’activité'),
  },
  requests: {
    singular: tr('Sol·licitud', 'Solicitud', 'Request', 'Demande'),
    plural: tr('Sol·licituds', 'Solicitudes', 'Requests', 'Demandes'),
  },
  'email-log': {
    singular: tr('Correu', 'Correo', 'E-mail', 'E-mail'),
    plural: tr('Registre de correus', 'Registro de correos', 'E-mail log', 'Journal des e-mails'),
  },
  'closed-days': {
    singular: tr('Dia tancat', 'Día cerrado', 'Closed day', 'Jour de fermeture'),
    plural: tr('Dies tancats', 'Días cerrados', 'Closed days', 'Jours de fermeture'),
  },
  redirects: {
    singular: tr('Redirecció', 'Redirección', 'Redirect', 'Redirection'),
    plural: tr('Redireccions', 'Redirecciones', 'Redirects', 'Redirections'),
  },
  'reseller-webhooks': {
    singular: tr('Avís a revenedor', 'Aviso a revendedor', 'Reseller webhook', 'Webhook revendeur'),
    plural: tr('Avisos a revenedors', 'Avisos a revendedores', 'Reseller webhooks', 'Webhooks revendeurs'),
  },
  partners: {
    singular: tr('Soci', 'Socio', 'Partner', 'Partenaire'),
    plural: tr(
      'Socis (excursions combinades)',
      'Socios (excursiones combinadas)',
      'Partners (combined tours)',
      'Partenaires (excursions combinées)',
    ),
  },
  'partner-codes': {
    singular: tr('Codi d’un soci', 'Código de un socio', 'Partner code', 'Code d’un partenaire'),
    plural: tr('Codis dels socis', 'Códigos de los socios', 'Partner codes', 'Codes des partenaires'),
  },
  admissions: {
    singular: tr('Entrada d’un soci', 'Entrada de un socio', 'Partner admission', 'Entrée partenaire'),
    plural: tr('Entrades dels socis', 'Entradas de los socios', 'Partner admissions', 'Entrées partenaires'),
  },
  resellers: {
    singular: tr('Revenedor', 'Revendedor', 'Reseller', 'Revendeur'),
    plural: tr('Revenedors', 'Revendedores', 'Resellers', 'Revendeurs'),
  },
  users: {
    singular: tr('Usuari', 'Usuario', 'User', 'Utilisateur'),
    plural: tr('Usuaris', 'Usuarios', 'Users', 'Utilisateurs'),
  },
};

/** Global names, by slug. */
export const globalLabels: Record<string, Translated> = {
  site: tr('Web', 'Web', 'Site', 'Site'),
  home: tr('Portada', 'Portada', 'Home page', 'Page d’accueil'),
  'ops-settings': tr(
    'Ajustos d’operacions',
    'Ajustes de operaciones',
    'Operations settings',
    'Réglages d’exploitation',
  ),
};

/**
 * Every other text, keyed by the English the collection files use (labels, descriptions,
 * option labels, admin groups) or, for a field without a label, by the field's name.
 */
export const texts: Record<string, Translated> = {
  // Admin groups
  Content: tr('Continguts', 'Contenidos', 'Content', 'Contenus'),
  Fleet: tr('Flota', 'Flota', 'Fleet', 'Flotte'),
  'Ticket shop': tr('Venda de bitllets', 'Venta de billetes', 'Ticket shop', 'Billetterie'),
  Operations: tr('Operacions', 'Operaciones', 'Operations', 'Exploitation'),
  Settings: tr('Configuració', 'Configuración', 'Settings', 'Réglages'),

  // Field names (fields without a label of their own)
  contactEmail: tr('Correu de contacte', 'Correo de contacto', 'Contact e-mail', 'E-mail de contact'),
  commissionPercent: tr('Comissió (%)', 'Comisión (%)', 'Commission (%)', 'Commission (%)'),
  webhookUrl: tr('URL del webhook', 'URL del webhook', 'Webhook URL', 'URL du webhook'),
  keyPrefix: tr('Prefix de la clau', 'Prefijo de la clave', 'Key prefix', 'Préfixe de la clé'),
  nextKeyPrefix: tr(
    'Prefix de la clau nova',
    'Prefijo de la clave nueva',
    'New key prefix',
    'Préfixe de la nouvelle clé',
  ),
  tours: tr('Excursions', 'Excursiones', 'Tours', 'Excursions'),
  channel: tr('Canal', 'Canal', 'Channel', 'Canal'),
  reseller: tr('Revenedor', 'Revendedor', 'Reseller', 'Revendeur'),
  resellerReference: tr(
    'Referència del revenedor',
    'Referencia del revendedor',
    'Reseller reference',
    'Référence du revendeur',
  ),
  octoUuid: tr('UUID OCTO', 'UUID OCTO', 'OCTO UUID', 'UUID OCTO'),
  resellerUnits: tr('Unitats del revenedor', 'Unidades del revendedor', 'Reseller unit items', 'Unités du revendeur'),
  resellerContact: tr(
    'Dades del client segons el revenedor',
    'Datos del cliente según el revendedor',
    'Guest details from the reseller',
    'Coordonnées du client selon le revendeur',
  ),
  'What the reseller told us about the guest beyond name, e-mail and phone (country, postal code, notes), as JSON.': tr(
    'El que el revenedor ens va dir del client a més del nom, el correu i el telèfon (país, codi postal, notes), en JSON.',
    'Lo que el revendedor nos dijo del cliente además del nombre, el correo y el teléfono (país, código postal, notas), en JSON.',
    'What the reseller told us about the guest beyond name, e-mail and phone (country, postal code, notes), as JSON.',
    'Ce que le revendeur nous a dit du client en plus du nom, de l’e-mail et du téléphone (pays, code postal, notes), en JSON.',
  ),
  'Why the booking was cancelled, as the reseller said it.': tr(
    'Per què es va cancel·lar la reserva, tal com ho va dir el revenedor.',
    'Por qué se canceló la reserva, tal como lo dijo el revendedor.',
    'Why the booking was cancelled, as the reseller said it.',
    'Pourquoi la réservation a été annulée, comme l’a dit le revendeur.',
  ),
  resellerCommissionPercent: tr(
    'Comissió de la venda (%)',
    'Comisión de la venta (%)',
    'Commission at sale (%)',
    'Commission de la vente (%)',
  ),
  netRates: tr('Tarifes netes', 'Tarifas netas', 'Net rates', 'Tarifs nets'),
  'Net rate': tr('Tarifa neta', 'Tarifa neta', 'Net rate', 'Tarif net'),
  'Net rates': tr('Tarifes netes', 'Tarifas netas', 'Net rates', 'Tarifs nets'),
  netCents: tr('Preu net', 'Precio neto', 'Net price', 'Prix net'),
  resellerNetCents: tr('Net de la venda', 'Neto de la venta', 'Net at sale', 'Net de la vente'),
  Super3: tr('Super3', 'Super3', 'Super3', 'Super3'),
  'Optional: what the reseller pays for one unit of a tour; units without a row pay the commission.': tr(
    'Opcional: el que paga el revenedor per una unitat d’una excursió; les unitats sense fila paguen la comissió.',
    'Opcional: lo que paga el revendedor por una unidad de una excursión; las unidades sin fila pagan la comisión.',
    'Optional: what the reseller pays for one unit of a tour; units without a row pay the commission.',
    'Facultatif : ce que paie le revendeur pour une unité d’une excursion ; les unités sans ligne paient la commission.',
  ),
  'What the reseller owes for the booking, fixed when it confirmed (net rates or commission).': tr(
    'El que deu el revenedor per la reserva, fixat quan la va confirmar (tarifes netes o comissió).',
    'Lo que debe el revendedor por la reserva, fijado cuando la confirmó (tarifas netas o comisión).',
    'What the reseller owes for the booking, fixed when it confirmed (net rates or commission).',
    'Ce que doit le revendeur pour la réservation, fixé lors de sa confirmation (tarifs nets ou commission).',
  ),
  resellerUnitNets: tr(
    'Net per unitat de la venda',
    'Neto por unidad de la venta',
    'Unit nets at sale',
    'Nets par unité de la vente',
  ),
  'What one unit of each category cost the reseller when it confirmed, in cents, as JSON.': tr(
    'El que va costar al revenedor una unitat de cada categoria quan va confirmar, en cèntims, en JSON.',
    'Lo que costó al revendedor una unidad de cada categoría cuando confirmó, en céntimos, en JSON.',
    'What one unit of each category cost the reseller when it confirmed, in cents, as JSON.',
    'Ce qu’a coûté au revendeur une unité de chaque catégorie lors de sa confirmation, en centimes, en JSON.',
  ),
  ticketsByEmail: tr('Bitllets per correu', 'Billetes por correo', 'Tickets by e-mail', 'Billets par e-mail'),
  'The reseller’s unit items (OCTO uuid and reference), one per person in ticket order, as JSON.': tr(
    'Les unitats del revenedor (uuid OCTO i referència), una per persona en l’ordre dels bitllets, en JSON.',
    'Las unidades del revendedor (uuid OCTO y referencia), una por persona en el orden de los billetes, en JSON.',
    'The reseller’s unit items (OCTO uuid and reference), one per person in ticket order, as JSON.',
    'Les unités du revendeur (uuid OCTO et référence), une par personne dans l’ordre des billets, en JSON.',
  ),
  'The reseller’s commission when it confirmed the booking: its statements and reports use this one.': tr(
    'La comissió del revenedor quan va confirmar la reserva: els extractes i informes fan servir aquesta.',
    'La comisión del revendedor cuando confirmó la reserva: los extractos e informes usan esta.',
    'The reseller’s commission when it confirmed the booking: its statements and reports use this one.',
    'La commission du revendeur lorsqu’il a confirmé la réservation : relevés et rapports utilisent celle-ci.',
  ),
  'Unticked: the tickets are not e-mailed to the customer (a reseller that did not ask for it).': tr(
    'Desmarcat: els bitllets no s’envien per correu al client (un revenedor que no ho va demanar).',
    'Desmarcado: los billetes no se envían por correo al cliente (un revendedor que no lo pidió).',
    'Unticked: the tickets are not e-mailed to the customer (a reseller that did not ask for it).',
    'Décoché : les billets ne sont pas envoyés par e-mail au client (un revendeur qui ne l’a pas demandé).',
  ),
  Website: tr('Web', 'Web', 'Website', 'Site web'),
  'Box office': tr('Taquilla', 'Taquilla', 'Box office', 'Guichet'),
  Reseller: tr('Revenedor', 'Revendedor', 'Reseller', 'Revendeur'),
  'Tours this reseller may sell; empty: every tour sold online.': tr(
    'Excursions que pot vendre; buit: totes les que es venen en línia.',
    'Excursiones que puede vender; vacío: todas las que se venden en línea.',
    'Tours this reseller may sell; empty: every tour sold online.',
    'Excursions qu’il peut vendre ; vide : toutes celles vendues en ligne.',
  ),
  'Net price = retail price × (1 − commission), in cents, rounded.': tr(
    'Preu net = preu de venda × (1 − comissió), en cèntims, arrodonit.',
    'Precio neto = precio de venta × (1 − comisión), en céntimos, redondeado.',
    'Net price = retail price × (1 − commission), in cents, rounded.',
    'Prix net = prix public × (1 − commission), en centimes, arrondi.',
  ),
  'Where booking changes are posted, signed with the webhook secret.': tr(
    'On s’envien els canvis de reserves, signats amb el secret del webhook.',
    'Donde se envían los cambios de reservas, firmados con el secreto del webhook.',
    'Where booking changes are posted, signed with the webhook secret.',
    'Où les changements de réservation sont envoyés, signés avec le secret du webhook.',
  ),
  'Booking changes posted to resellers; failed posts are retried automatically.': tr(
    'Canvis de reserves enviats als revenedors; els enviaments fallits es reintenten sols.',
    'Cambios de reservas enviados a los revendedores; los envíos fallidos se reintentan solos.',
    'Booking changes posted to resellers; failed posts are retried automatically.',
    'Changements de réservation envoyés aux revendeurs ; les envois échoués sont réessayés automatiquement.',
  ),
  'API key and webhook secret': tr(
    'Clau de l’API i secret del webhook',
    'Clave de la API y secreto del webhook',
    'API key and webhook secret',
    'Clé d’API et secret du webhook',
  ),
  'Unticked: the key is refused (revoked).': tr(
    'Desmarcat: la clau es rebutja (revocada).',
    'Desmarcado: la clave se rechaza (revocada).',
    'Unticked: the key is refused (revoked).',
    'Décoché : la clé est refusée (révoquée).',
  ),
  'The new key being rolled out; both keys work until the rotation is finished.': tr(
    'La clau nova que s’està desplegant; totes dues funcionen fins que s’acaba la rotació.',
    'La clave nueva que se está desplegando; ambas funcionan hasta que se termina la rotación.',
    'The new key being rolled out; both keys work until the rotation is finished.',
    'La nouvelle clé en cours de déploiement ; les deux fonctionnent jusqu’à la fin de la rotation.',
  ),
  'The first characters of the API key, to tell keys apart.': tr(
    'Els primers caràcters de la clau de l’API, per distingir-les.',
    'Los primeros caracteres de la clave de la API, para distinguirlas.',
    'The first characters of the API key, to tell keys apart.',
    'Les premiers caractères de la clé d’API, pour les distinguer.',
  ),
  'The reseller’s booking UUID (OCTO).': tr(
    'L’UUID de la reserva del revenedor (OCTO).',
    'El UUID de la reserva del revendedor (OCTO).',
    'The reseller’s booking UUID (OCTO).',
    'L’UUID de réservation du revendeur (OCTO).',
  ),
  // Invoicing details of resellers and the VAT of tours (issue 27)
  Invoices: tr('Factures', 'Facturas', 'Invoices', 'Factures'),
  'Who this change affects': tr(
    'A qui afecta aquest canvi',
    'A quién afecta este cambio',
    'Who this change affects',
    'Qui ce changement concerne',
  ),
  'As on its invoices: the name the AEAT knows the company by.': tr(
    'Com a les seves factures: el nom amb què la coneix l’AEAT.',
    'Como en sus facturas: el nombre con el que la conoce la AEAT.',
    'As on its invoices: the name the AEAT knows the company by.',
    'Comme sur ses factures : le nom sous lequel l’AEAT la connaît.',
  ),
  'NIF or CIF; an EU VAT number with its country prefix (FR…, DE…).': tr(
    'NIF o CIF; un número d’IVA europeu amb el prefix del país (FR…, DE…).',
    'NIF o CIF; un número de IVA europeo con el prefijo del país (FR…, DE…).',
    'NIF or CIF; an EU VAT number with its country prefix (FR…, DE…).',
    'NIF ou CIF ; un numéro de TVA européen avec le préfixe du pays (FR…, DE…).',
  ),
  'Ticket VAT (%)': tr('IVA dels bitllets (%)', 'IVA de los billetes (%)', 'Ticket VAT (%)', 'TVA des billets (%)'),
  'Audio guide VAT (%)': tr(
    'IVA de l’audioguia (%)',
    'IVA de la audioguía (%)',
    'Audio guide VAT (%)',
    'TVA de l’audioguide (%)',
  ),
  'Invoicing model': tr('Model de facturació', 'Modelo de facturación', 'Invoicing model', 'Modèle de facturation'),
  resellerInvoicing: tr('Facturació', 'Facturación', 'Invoicing', 'Facturation'),
  'Buys and resells': tr('Compra i revèn', 'Compra y revende', 'Buys and resells', 'Achète et revend'),
  'Sells as our agent': tr(
    'Ven com a agent nostre',
    'Vende como agente nuestro',
    'Sells as our agent',
    'Vend en tant que notre agent',
  ),
  'Buys and resells: a full invoice to the reseller (the details above) at the net price it pays; the commission appears nowhere. Sells as our agent: the traveller gets a simplified invoice at the retail price, and the commission is a cost the reseller invoices us. Without the details above, sales are invoiced as an agent’s.':
    tr(
      'Compra i revèn: una factura completa al revenedor (les dades de dalt) al preu net que paga; la comissió no hi surt enlloc. Ven com a agent nostre: el viatger rep una factura simplificada al preu de venda, i la comissió és un cost que el revenedor ens factura. Sense les dades de dalt, les vendes es facturen com les d’un agent.',
      'Compra y revende: una factura completa al revendedor (los datos de arriba) al precio neto que paga; la comisión no aparece en ningún sitio. Vende como agente nuestro: el viajero recibe una factura simplificada al precio de venta, y la comisión es un coste que el revendedor nos factura. Sin los datos de arriba, las ventas se facturan como las de un agente.',
      'Buys and resells: a full invoice to the reseller (the details above) at the net price it pays; the commission appears nowhere. Sells as our agent: the traveller gets a simplified invoice at the retail price, and the commission is a cost the reseller invoices us. Without the details above, sales are invoiced as an agent’s.',
      'Achète et revend : une facture complète au revendeur (les données ci-dessus) au prix net qu’il paie ; la commission n’apparaît nulle part. Vend en tant que notre agent : le voyageur reçoit une facture simplifiée au prix de vente, et la commission est un coût que le revendeur nous facture. Sans les données ci-dessus, les ventes sont facturées comme celles d’un agent.',
    ),
  'How the booking is invoiced, fixed when the reseller confirmed it: to the reseller at the net price, or to the traveller at the retail price.':
    tr(
      'Com es factura la reserva, fixat quan el revenedor la va confirmar: al revenedor al preu net, o al viatger al preu de venda.',
      'Cómo se factura la reserva, fijado cuando el revendedor la confirmó: al revendedor al precio neto, o al viajero al precio de venta.',
      'How the booking is invoiced, fixed when the reseller confirmed it: to the reseller at the net price, or to the traveller at the retail price.',
      'Comment la réservation est facturée, fixé quand le revendeur l’a confirmée : au revendeur au prix net, ou au voyageur au prix de vente.',
    ),
  'Tax treatment': tr('Tractament fiscal', 'Tratamiento fiscal', 'Tax treatment', 'Régime fiscal'),
  'Passenger transport': tr(
    'Transport de passatgers',
    'Transporte de viajeros',
    'Passenger transport',
    'Transport de passagers',
  ),
  'Other tourist service': tr(
    'Altre servei turístic',
    'Otro servicio turístico',
    'Other tourist service',
    'Autre service touristique',
  ),
  'Passenger transport: 10 % VAT, simplified invoices up to 3,000 €. Other tourist service (a leisure trip that is not transport): 21 % VAT, simplified invoices up to 400 €; above the limit the sale asks for the buyer’s name, tax id and address. Confirm it with the AEAT (a consulta vinculante).':
    tr(
      'Transport de passatgers: IVA del 10 %, factures simplificades fins a 3.000 €. Altre servei turístic (una sortida d’oci que no és transport): IVA del 21 %, factures simplificades fins a 400 €; per sobre del límit la venda demana el nom, el NIF i l’adreça del comprador. Confirmeu-ho amb l’AEAT (una consulta vinculant).',
      'Transporte de viajeros: IVA del 10 %, facturas simplificadas hasta 3.000 €. Otro servicio turístico (una salida de ocio que no es transporte): IVA del 21 %, facturas simplificadas hasta 400 €; por encima del límite la venta pide el nombre, el NIF y la dirección del comprador. Confírmelo con la AEAT (una consulta vinculante).',
      'Passenger transport: 10 % VAT, simplified invoices up to 3,000 €. Other tourist service (a leisure trip that is not transport): 21 % VAT, simplified invoices up to 400 €; above the limit the sale asks for the buyer’s name, tax id and address. Confirm it with the AEAT (a consulta vinculante).',
      'Transport de passagers : TVA de 10 %, factures simplifiées jusqu’à 3 000 €. Autre service touristique (une sortie de loisir qui n’est pas un transport) : TVA de 21 %, factures simplifiées jusqu’à 400 € ; au-delà, la vente demande le nom, le numéro fiscal et l’adresse de l’acheteur. À confirmer auprès de l’AEAT (une consulta vinculante).',
    ),
  'Empty: the rate of the tax treatment (10 % or 21 %).': tr(
    'Buit: el tipus del tractament fiscal (10 % o 21 %).',
    'Vacío: el tipo del tratamiento fiscal (10 % o 21 %).',
    'Empty: the rate of the tax treatment (10 % or 21 %).',
    'Vide : le taux du régime fiscal (10 % ou 21 %).',
  ),
  'Empty: the default rate in the configuration (INVOICE_AUDIO_GUIDE_VAT_PCT).': tr(
    'Buit: el tipus per defecte de la configuració (INVOICE_AUDIO_GUIDE_VAT_PCT).',
    'Vacío: el tipo por defecto de la configuración (INVOICE_AUDIO_GUIDE_VAT_PCT).',
    'Empty: the default rate in the configuration (INVOICE_AUDIO_GUIDE_VAT_PCT).',
    'Vide : le taux par défaut de la configuration (INVOICE_AUDIO_GUIDE_VAT_PCT).',
  ),
  note: tr('Nota', 'Nota', 'Note', 'Note'),
  'Empty: the whole fleet is closed that day.': tr(
    'Buit: tota la flota està tancada aquell dia.',
    'Vacío: toda la flota está cerrada ese día.',
    'Empty: the whole fleet is closed that day.',
    'Vide : toute la flotte est fermée ce jour-là.',
  ),
  'For staff, e.g. "Christmas Day".': tr(
    'Per al personal, p. ex. «Dia de Nadal».',
    'Para el personal, p. ej. «Día de Navidad».',
    'For staff, e.g. "Christmas Day".',
    'Pour le personnel, p. ex. « Jour de Noël ».',
  ),
  title: tr('Títol', 'Título', 'Title', 'Titre'),
  slug: tr('Adreça (slug)', 'Dirección (slug)', 'Slug', 'Adresse (slug)'),
  menuKey: tr('Lloc al menú', 'Lugar en el menú', 'Menu slot', 'Place dans le menu'),
  kind: tr('Tipus', 'Tipo', 'Kind', 'Type'),
  durationMinutes: tr('Durada (minuts)', 'Duración (minutos)', 'Duration (minutes)', 'Durée (minutes)'),
  summary: tr('Resum', 'Resumen', 'Summary', 'Résumé'),
  menuOrder: tr('Ordre al menú', 'Orden en el menú', 'Menu order', 'Ordre dans le menu'),
  mode: tr('Modalitat de venda', 'Modalidad de venta', 'Sales mode', 'Mode de vente'),
  boardingMinutesBefore: tr(
    'Embarcament (minuts abans)',
    'Embarque (minutos antes)',
    'Boarding (minutes before)',
    'Embarquement (minutes avant)',
  ),
  bookingClosesMinutesBefore: tr(
    'Tancament de la venda (minuts abans)',
    'Cierre de la venta (minutos antes)',
    'Sales close (minutes before)',
    'Fin de la vente (minutes avant)',
  ),
  selfChangeHoursBefore: tr(
    'Canvis del visitant (hores abans)',
    'Cambios del visitante (horas antes)',
    'Visitor changes (hours before)',
    'Modifications par le visiteur (heures avant)',
  ),
  'Visitors may change the date or time of their booking online until this many hours before departure. Empty: only the office changes bookings.':
    tr(
      'Els visitants poden canviar en línia el dia o l’hora de la reserva fins a aquestes hores abans de la sortida. Buit: només l’oficina canvia reserves.',
      'Los visitantes pueden cambiar en línea el día o la hora de su reserva hasta estas horas antes de la salida. Vacío: solo la oficina cambia reservas.',
      'Visitors may change the date or time of their booking online until this many hours before departure. Empty: only the office changes bookings.',
      'Les visiteurs peuvent changer en ligne la date ou l’heure de leur réservation jusqu’à ce nombre d’heures avant le départ. Vide : seul le bureau modifie les réservations.',
    ),
  heroImage: tr('Imatge principal', 'Imagen principal', 'Main image', 'Image principale'),
  description: tr('Descripció', 'Descripción', 'Description', 'Description'),
  includes: tr('Inclou', 'Incluye', 'Includes', 'Comprend'),
  item: tr('Element', 'Elemento', 'Item', 'Élément'),
  languagesOnBoard: tr('Idiomes a bord', 'Idiomas a bordo', 'Languages on board', 'Langues à bord'),
  departuresWeekday: tr('Sortides entre setmana', 'Salidas entre semana', 'Weekday departures', 'Départs en semaine'),
  departuresWeekend: tr(
    'Sortides el cap de setmana',
    'Salidas el fin de semana',
    'Weekend departures',
    'Départs le week-end',
  ),
  audioGuide: tr('Audioguia', 'Audioguía', 'Audio guide', 'Audioguide'),
  priceFromCents: tr('Preu des de', 'Precio desde', 'Price from', 'Prix à partir de'),
  boardingPoint: tr('Punt d’embarcament', 'Punto de embarque', 'Boarding point', 'Point d’embarquement'),
  gallery: tr('Galeria', 'Galería', 'Gallery', 'Galerie'),
  image: tr('Imatge', 'Imagen', 'Image', 'Image'),
  faq: tr('Preguntes freqüents', 'Preguntas frecuentes', 'Frequently asked questions', 'Questions fréquentes'),
  question: tr('Pregunta', 'Pregunta', 'Question', 'Question'),
  answer: tr('Resposta', 'Respuesta', 'Answer', 'Réponse'),
  seo: tr('Cercadors (SEO)', 'Buscadores (SEO)', 'Search engines (SEO)', 'Moteurs de recherche (SEO)'),
  programmes: tr('Programes', 'Programas', 'Programmes', 'Programmes'),
  departure: tr('Sortida', 'Salida', 'Departure', 'Départ'),
  learning: tr('Què aprenen', 'Qué aprenden', 'What pupils learn', 'Ce que les élèves apprennent'),
  practical: tr('Informació pràctica', 'Información práctica', 'Practical details', 'Informations pratiques'),
  minStudents: tr('Mínim d’alumnes', 'Mínimo de alumnos', 'Minimum pupils', 'Minimum d’élèves'),
  name: tr('Nom', 'Nombre', 'Name', 'Nom'),
  lengthMeters: tr('Eslora (m)', 'Eslora (m)', 'Length (m)', 'Longueur (m)'),
  breadthMeters: tr('Mànega (m)', 'Manga (m)', 'Breadth (m)', 'Largeur (m)'),
  launchedYear: tr('Any d’avarada', 'Año de botadura', 'Year launched', 'Année de lancement'),
  capacity: tr('Capacitat', 'Capacidad', 'Capacity', 'Capacité'),
  story: tr('Història', 'Historia', 'Story', 'Histoire'),
  photo: tr('Foto', 'Foto', 'Photo', 'Photo'),
  active: tr('Actiu', 'Activo', 'Active', 'Actif'),
  fleetOrder: tr('Ordre a la flota', 'Orden en la flota', 'Fleet order', 'Ordre dans la flotte'),
  address: tr('Adreça', 'Dirección', 'Address', 'Adresse'),
  latitude: tr('Latitud', 'Latitud', 'Latitude', 'Latitude'),
  longitude: tr('Longitud', 'Longitud', 'Longitude', 'Longitude'),
  howToArrive: tr('Com arribar-hi', 'Cómo llegar', 'How to get there', 'Comment s’y rendre'),
  metro: tr('Metro', 'Metro', 'Metro', 'Métro'),
  bus: tr('Autobús', 'Autobús', 'Bus', 'Bus'),
  train: tr('Tren', 'Tren', 'Train', 'Train'),
  car: tr('Cotxe', 'Coche', 'Car', 'Voiture'),
  accessibility: tr('Accessibilitat', 'Accesibilidad', 'Accessibility', 'Accessibilité'),
  alt: tr('Text alternatiu', 'Texto alternativo', 'Alt text', 'Texte alternatif'),
  key: tr('Clau', 'Clave', 'Key', 'Clé'),
  year: tr('Any', 'Año', 'Year', 'Année'),
  caption: tr('Peu de foto', 'Pie de foto', 'Caption', 'Légende'),
  intro: tr('Entradeta', 'Entradilla', 'Introduction', 'Chapeau'),
  body: tr('Text', 'Texto', 'Body', 'Texte'),
  label: tr('Nom', 'Nombre', 'Label', 'Libellé'),
  tour: tr('Excursió', 'Excursión', 'Tour', 'Excursion'),
  boat: tr('Vaixell', 'Barco', 'Boat', 'Bateau'),
  validFrom: tr('Vàlid des de', 'Válido desde', 'Valid from', 'Valable du'),
  validTo: tr('Vàlid fins a', 'Válido hasta', 'Valid to', 'Valable jusqu’au'),
  days: tr('Dies', 'Días', 'Days', 'Jours'),
  weekdays: tr('Dies de la setmana', 'Días de la semana', 'Weekdays', 'Jours de la semaine'),
  times: tr('Hores', 'Horas', 'Times', 'Heures'),
  time: tr('Hora', 'Hora', 'Time', 'Heure'),
  closedDates: tr('Dies sense sortides', 'Días sin salidas', 'Closed dates', 'Jours sans départ'),
  date: tr('Data', 'Fecha', 'Date', 'Date'),
  extraDepartures: tr('Sortides extra', 'Salidas extra', 'Extra departures', 'Départs supplémentaires'),
  timetableId: tr('Horari', 'Horario', 'Timetable', 'Horaire'),
  startsAt: tr('Sortida (data i hora)', 'Salida (fecha y hora)', 'Starts at', 'Départ (date et heure)'),
  localDate: tr('Data', 'Fecha', 'Date', 'Date'),
  localTime: tr('Hora', 'Hora', 'Time', 'Heure'),
  seatsSold: tr('Places venudes', 'Plazas vendidas', 'Seats sold', 'Places vendues'),
  seatsHeld: tr('Places retingudes', 'Plazas retenidas', 'Seats held', 'Places retenues'),
  status: tr('Estat', 'Estado', 'Status', 'Statut'),
  cancelReason: tr(
    'Motiu de la cancel·lació',
    'Motivo de la cancelación',
    'Cancellation reason',
    'Motif de l’annulation',
  ),
  cancelledAt: tr('Cancel·lada el', 'Cancelada el', 'Cancelled at', 'Annulé le'),
  cancelNote: tr('Nota de la cancel·lació', 'Nota de la cancelación', 'Cancellation note', 'Note d’annulation'),
  reference: tr('Localitzador', 'Localizador', 'Reference', 'Référence'),
  tripType: tr('Trajecte', 'Trayecto', 'Trip', 'Trajet'),
  adults: tr('Adults', 'Adultos', 'Adults', 'Adultes'),
  reduced: tr('Reduïts', 'Reducidos', 'Reduced', 'Réduits'),
  children: tr('Infants', 'Niños', 'Children', 'Enfants'),
  super3: tr('Super3', 'Super3', 'Super3', 'Super3'),
  audioGuides: tr('Audioguies', 'Audioguías', 'Audio guides', 'Audioguides'),
  seats: tr('Places', 'Plazas', 'Seats', 'Places'),
  totalCents: tr('Total', 'Total', 'Total', 'Total'),
  customer: tr('Client', 'Cliente', 'Customer', 'Client'),
  surnames: tr('Cognoms', 'Apellidos', 'Surnames', 'Noms de famille'),
  email: tr('Correu electrònic', 'Correo electrónico', 'E-mail', 'E-mail'),
  phone: tr('Telèfon', 'Teléfono', 'Phone', 'Téléphone'),
  mobilePhone: tr('Mòbil del dia', 'Móvil del día', 'Mobile on the day', 'Portable du jour'),
  comments: tr('Comentaris', 'Comentarios', 'Comments', 'Commentaires'),
  locale: tr('Idioma', 'Idioma', 'Language', 'Langue'),
  move: tr('Canvi', 'Cambio', 'Move', 'Changement'),
  fromDeparture: tr('Sortida d’origen', 'Salida de origen', 'From departure', 'Départ d’origine'),
  toDeparture: tr('Sortida nova', 'Salida nueva', 'To departure', 'Nouveau départ'),
  toTour: tr('Excursió nova', 'Excursión nueva', 'New tour', 'Nouvelle excursion'),
  differenceCents: tr('Diferència', 'Diferencia', 'Difference', 'Différence'),
  expiresAt: tr('Caduca a les', 'Caduca a las', 'Expires at', 'Expire à'),
  holdExpiresAt: tr('La reserva caduca a les', 'La reserva caduca a las', 'Hold expires at', 'Réservation expire à'),
  holdExtended: tr('Reserva prorrogada', 'Reserva prorrogada', 'Hold extended', 'Réservation prolongée'),
  paymentOrderRef: tr('Comanda de pagament', 'Pedido de pago', 'Payment order', 'Commande de paiement'),
  paidAt: tr('Pagada el', 'Pagada el', 'Paid at', 'Payée le'),
  paidCents: tr('Cobrat', 'Cobrado', 'Paid', 'Encaissé'),
  refundedCents: tr('Retornat', 'Devuelto', 'Refunded', 'Remboursé'),
  disruptedAt: tr('Afectada el', 'Afectada el', 'Disrupted at', 'Perturbée le'),
  disruptedFrom: tr('Sortida cancel·lada', 'Salida cancelada', 'Cancelled departure', 'Départ annulé'),
  disruptionRemindedAt: tr('Recordatori enviat el', 'Recordatorio enviado el', 'Reminder sent at', 'Rappel envoyé le'),
  disruptionChoice: tr('Elecció del client', 'Elección del cliente', 'Customer’s choice', 'Choix du client'),
  disruptionChosenBy: tr('Triat per', 'Elegido por', 'Chosen by', 'Choisi par'),
  code: tr('Codi', 'Código', 'Code', 'Code'),
  booking: tr('Reserva', 'Reserva', 'Booking', 'Réservation'),
  category: tr('Categoria', 'Categoría', 'Category', 'Catégorie'),
  checkedInAt: tr('Embarcat a les', 'Embarcado a las', 'Boarded at', 'Embarqué à'),
  checkedInBy: tr('Embarcat per', 'Embarcado por', 'Boarded by', 'Embarqué par'),
  voidedAt: tr('Anul·lat el', 'Anulado el', 'Voided at', 'Annulé le'),
  orderRef: tr('Comanda', 'Pedido', 'Order', 'Commande'),
  provider: tr('Passarel·la', 'Pasarela', 'Provider', 'Prestataire'),
  amountCents: tr('Import', 'Importe', 'Amount', 'Montant'),
  responseCode: tr('Codi de resposta', 'Código de respuesta', 'Response code', 'Code de réponse'),
  outcome: tr('Resultat', 'Resultado', 'Outcome', 'Résultat'),
  method: tr('Mitjà de pagament', 'Medio de pago', 'Method', 'Moyen de paiement'),
  idempotencyKey: tr('Clau d’idempotència', 'Clave de idempotencia', 'Idempotency key', 'Clé d’idempotence'),
  requestedBy: tr('Sol·licitat per', 'Solicitado por', 'Requested by', 'Demandé par'),
  reason: tr('Motiu', 'Motivo', 'Reason', 'Motif'),
  gatewayCode: tr('Codi de la passarel·la', 'Código de la pasarela', 'Gateway code', 'Code de la passerelle'),
  gatewayAnswer: tr(
    'Resposta de la passarel·la',
    'Respuesta de la pasarela',
    'Gateway answer',
    'Réponse de la passerelle',
  ),
  attempts: tr('Intents', 'Intentos', 'Attempts', 'Tentatives'),
  tillSessionId: tr('Sessió de caixa', 'Sesión de caja', 'Till session', 'Session de caisse'),
  actor: tr('Qui', 'Quién', 'Actor', 'Auteur'),
  action: tr('Acció', 'Acción', 'Action', 'Action'),
  subject: tr('Assumpte', 'Asunto', 'Subject', 'Objet'),
  before: tr('Abans', 'Antes', 'Before', 'Avant'),
  after: tr('Després', 'Después', 'After', 'Après'),
  staffNotes: tr('Notes internes', 'Notas internas', 'Staff notes', 'Notes internes'),
  emails: tr('Correus', 'Correos', 'E-mails', 'E-mails'),
  contactName: tr('Persona de contacte', 'Persona de contacto', 'Contact name', 'Nom du contact'),
  organisation: tr('Organització', 'Organización', 'Organisation', 'Organisation'),
  organisationPhone: tr('Telèfon de l’escola', 'Teléfono de la escuela', 'School phone', 'Téléphone de l’école'),
  agencyLicence: tr('Llicència d’agència', 'Licencia de agencia', 'Agency licence', 'Licence d’agence'),
  visitLanguage: tr('Idioma de la visita', 'Idioma de la visita', 'Visit language', 'Langue de la visite'),
  students: tr('Alumnes', 'Alumnos', 'Pupils', 'Élèves'),
  grade: tr('Curs', 'Curso', 'Grade', 'Niveau'),
  teachers: tr('Professors', 'Profesores', 'Teachers', 'Enseignants'),
  programme: tr('Programa', 'Programa', 'Programme', 'Programme'),
  groupSize: tr('Mida del grup', 'Tamaño del grupo', 'Group size', 'Taille du groupe'),
  preferredDate: tr('Data preferida', 'Fecha preferida', 'Preferred date', 'Date souhaitée'),
  alternativeDate: tr('Data alternativa', 'Fecha alternativa', 'Alternative date', 'Date alternative'),
  message: tr('Missatge', 'Mensaje', 'Message', 'Message'),
  to: tr('Per a', 'Para', 'To', 'À'),
  replyTo: tr('Respondre a', 'Responder a', 'Reply to', 'Répondre à'),
  template: tr('Plantilla', 'Plantilla', 'Template', 'Modèle'),
  ref: tr('Referència', 'Referencia', 'Reference', 'Référence'),
  sentAt: tr('Enviat el', 'Enviado el', 'Sent at', 'Envoyé le'),
  error: tr('Error', 'Error', 'Error', 'Erreur'),
  transport: tr('Transport', 'Transporte', 'Transport', 'Transport'),
  messageId: tr('Identificador del missatge', 'Identificador del mensaje', 'Message ID', 'Identifiant du message'),
  emlFile: tr('Fitxer .eml', 'Fichero .eml', '.eml file', 'Fichier .eml'),
  text: tr('Text', 'Texto', 'Text', 'Texte'),
  from: tr('Des de', 'Desde', 'From', 'De'),
  role: tr('Rol', 'Rol', 'Role', 'Rôle'),
  brand: tr('Marca', 'Marca', 'Brand', 'Marque'),
  slogan: tr('Eslògan', 'Eslogan', 'Slogan', 'Slogan'),
  historyTitle: tr('Títol de la història', 'Título de la historia', 'History title', 'Titre de l’histoire'),
  historyText: tr('Text de la història', 'Texto de la historia', 'History text', 'Texte de l’histoire'),
  contact: tr('Contacte', 'Contacto', 'Contact', 'Contact'),
  legalName: tr('Raó social', 'Razón social', 'Legal name', 'Raison sociale'),
  taxId: tr('NIF', 'NIF', 'Tax ID', 'Numéro fiscal'),
  openingTimes: tr('Horari d’atenció', 'Horario de atención', 'Opening times', 'Heures d’ouverture'),
  featuredTours: tr('Excursions destacades', 'Excursiones destacadas', 'Featured tours', 'Excursions à la une'),
  forumTours: tr('Excursions des del Fòrum', 'Excursiones desde el Fórum', 'Forum tours', 'Excursions depuis le Forum'),
  combinedTours: tr('Excursions combinades', 'Excursiones combinadas', 'Combined tours', 'Excursions combinées'),
  gustWarningKmh: tr('Avís de ratxes (km/h)', 'Aviso de rachas (km/h)', 'Gust warning (km/h)', 'Alerte rafales (km/h)'),
  windWarningKmh: tr('Avís de vent (km/h)', 'Aviso de viento (km/h)', 'Wind warning (km/h)', 'Alerte vent (km/h)'),

  // Labels written in the collection files
  'Round trip prices': tr(
    'Preus d’anada i tornada',
    'Precios de ida y vuelta',
    'Round trip prices',
    'Prix aller-retour',
  ),
  'One-way prices': tr('Preus només d’anada', 'Precios solo ida', 'One-way prices', 'Prix aller simple'),
  Adult: tr('Adult', 'Adulto', 'Adult', 'Adulte'),
  'Students and retirees': tr(
    'Estudiants i jubilats',
    'Estudiantes y jubilados',
    'Students and retirees',
    'Étudiants et retraités',
  ),
  Child: tr('Infant', 'Niño', 'Child', 'Enfant'),
  'Audio guide': tr('Audioguia', 'Audioguía', 'Audio guide', 'Audioguide'),
  'Also sells one-way tickets': tr(
    'També ven bitllets només d’anada',
    'También vende billetes solo de ida',
    'Also sells one-way tickets',
    'Vend aussi des billets aller simple',
  ),
  'Page content': tr('Contingut de la pàgina', 'Contenido de la página', 'Page content', 'Contenu de la page'),
  Question: tr('Pregunta', 'Pregunta', 'Question', 'Question'),
  'Frequently asked questions': tr(
    'Preguntes freqüents',
    'Preguntas frecuentes',
    'Frequently asked questions',
    'Questions fréquentes',
  ),
  'Learning goal': tr('Objectiu d’aprenentatge', 'Objetivo de aprendizaje', 'Learning goal', 'Objectif pédagogique'),
  'What pupils learn': tr(
    'Què aprenen els alumnes',
    'Qué aprenden los alumnos',
    'What pupils learn',
    'Ce que les élèves apprennent',
  ),
  'Practical detail': tr('Detall pràctic', 'Detalle práctico', 'Practical detail', 'Détail pratique'),
  'Practical details': tr('Informació pràctica', 'Información práctica', 'Practical details', 'Informations pratiques'),
  'What the visitor sent': tr(
    'El que ha enviat el visitant',
    'Lo que ha enviado el visitante',
    'What the visitor sent',
    'Ce que le visiteur a envoyé',
  ),

  // Descriptions
  'Part of the address: lowercase letters, digits and hyphens.': slugHint,
  'In euros (12,50); stored in cents.': euroCentsHint,
  'Search-engine title and description; empty = the title and summary.': seoHint,
  'YYYY-MM-DD': isoDate,
  'Time on board, in minutes (40, 60 or 90 for the regular tours).': tr(
    'Temps a bord, en minuts (40, 60 o 90 a les excursions regulars).',
    'Tiempo a bordo, en minutos (40, 60 o 90 en las excursiones regulares).',
    'Time on board, in minutes (40, 60 or 90 for the regular tours).',
    'Temps à bord, en minutes (40, 60 ou 90 pour les excursions régulières).',
  ),
  'Main text of the page. A blank line starts a new paragraph.': tr(
    'Text principal de la pàgina. Una línia en blanc comença un paràgraf nou.',
    'Texto principal de la página. Una línea en blanco empieza un párrafo nuevo.',
    'Main text of the page. A blank line starts a new paragraph.',
    'Texte principal de la page. Une ligne vide commence un nouveau paragraphe.',
  ),
  'What the ticket includes, one item per row.': tr(
    'Què inclou el bitllet, un element per fila.',
    'Qué incluye el billete, un elemento por fila.',
    'What the ticket includes, one item per row.',
    'Ce que comprend le billet, un élément par ligne.',
  ),
  'Empty when the tour has no audio guide.': tr(
    'Buit si l’excursió no té audioguia.',
    'Vacío si la excursión no tiene audioguía.',
    'Empty when the tour has no audio guide.',
    'Vide si l’excursion n’a pas d’audioguide.',
  ),
  'Adult price shown on cards and to search engines, in euros. Checkout uses the price list.': tr(
    'Preu d’adult que es mostra a les fitxes i als cercadors, en euros. La compra fa servir la llista de preus.',
    'Precio de adulto que se muestra en las fichas y a los buscadores, en euros. La compra usa la lista de precios.',
    'Adult price shown on cards and to search engines, in euros. Checkout uses the price list.',
    'Prix adulte affiché sur les fiches et aux moteurs de recherche, en euros. L’achat utilise la grille tarifaire.',
  ),
  'Passengers allowed on board; every person takes a seat, free children included.': tr(
    'Passatgers permesos a bord; cada persona ocupa una plaça, també els infants que no paguen.',
    'Pasajeros permitidos a bordo; cada persona ocupa una plaza, también los niños que no pagan.',
    'Passengers allowed on board; every person takes a seat, free children included.',
    'Passagers autorisés à bord ; chaque personne occupe une place, enfants gratuits compris.',
  ),
  'What the image shows, for people who cannot see it.': tr(
    'Què mostra la imatge, per a les persones que no la poden veure.',
    'Qué muestra la imagen, para las personas que no pueden verla.',
    'What the image shows, for people who cannot see it.',
    'Ce que montre l’image, pour les personnes qui ne peuvent pas la voir.',
  ),
  'Internal name, not shown to visitors.': tr(
    'Nom intern, no es mostra als visitants.',
    'Nombre interno, no se muestra a los visitantes.',
    'Internal name, not shown to visitors.',
    'Nom interne, non affiché aux visiteurs.',
  ),
  'Which page of the site this text fills.': tr(
    'Quina pàgina del web omple aquest text.',
    'Qué página de la web rellena este texto.',
    'Which page of the site this text fills.',
    'Quelle page du site ce texte remplit.',
  ),
  'For staff, e.g. "Winter weekdays".': tr(
    'Per al personal, p. ex. «Hivern entre setmana».',
    'Para el personal, p. ej. «Invierno entre semana».',
    'For staff, e.g. "Winter weekdays".',
    'Pour le personnel, p. ex. « Hiver en semaine ».',
  ),
  'Days this timetable does not sail (holidays, maintenance).': tr(
    'Dies que aquest horari no surt (festius, manteniment).',
    'Días que este horario no sale (festivos, mantenimiento).',
    'Days this timetable does not sail (holidays, maintenance).',
    'Jours où cet horaire ne navigue pas (fériés, entretien).',
  ),
  'One-off departures on this timetable’s tour and boat.': tr(
    'Sortides puntuals amb l’excursió i el vaixell d’aquest horari.',
    'Salidas puntuales con la excursión y el barco de este horario.',
    'One-off departures on this timetable’s tour and boat.',
    'Départs ponctuels avec l’excursion et le bateau de cet horaire.',
  ),
  'The timetable that generated it; empty for one-off departures.': tr(
    'L’horari que l’ha generada; buit a les sortides puntuals.',
    'El horario que la generó; vacío en las salidas puntuales.',
    'The timetable that generated it; empty for one-off departures.',
    'L’horaire qui l’a généré ; vide pour les départs ponctuels.',
  ),
  'Seats for sale. Defaults to the boat’s capacity; may be lowered, never raised above it.': tr(
    'Places a la venda. Per defecte, la capacitat del vaixell; es pot reduir, mai augmentar per sobre.',
    'Plazas a la venta. Por defecto, la capacidad del barco; se puede reducir, nunca aumentar por encima.',
    'Seats for sale. Defaults to the boat’s capacity; may be lowered, never raised above it.',
    'Places en vente. Par défaut, la capacité du bateau ; peut être réduite, jamais augmentée au-delà.',
  ),
  'Money received (sum of the payment events).': tr(
    'Diners cobrats (suma dels pagaments).',
    'Dinero cobrado (suma de los pagos).',
    'Money received (sum of the payment events).',
    'Montant encaissé (somme des paiements).',
  ),
  'Refunds sent or in flight (sum of the refund events not failed).': tr(
    'Devolucions fetes o en curs (suma de les devolucions no fallides).',
    'Devoluciones hechas o en curso (suma de las devoluciones no fallidas).',
    'Refunds sent or in flight (sum of the refund events not failed).',
    'Remboursements effectués ou en cours (somme des remboursements non échoués).',
  ),
  'The cancelled departure this booking was on (kept after a move).': tr(
    'La sortida cancel·lada d’aquesta reserva (es conserva després d’un canvi).',
    'La salida cancelada de esta reserva (se conserva tras un cambio).',
    'The cancelled departure this booking was on (kept after a move).',
    'Le départ annulé de cette réservation (conservé après un changement).',
  ),
  'Set when the booking was moved or cancelled: the ticket no longer boards.': tr(
    'Es posa quan la reserva s’ha canviat o cancel·lat: el bitllet ja no embarca.',
    'Se pone cuando la reserva se cambió o canceló: el billete ya no embarca.',
    'Set when the booking was moved or cancelled: the ticket no longer boards.',
    'Renseigné quand la réservation a été déplacée ou annulée : le billet n’embarque plus.',
  ),
  'started, confirmed, retaken (late payment, seats free), refundPending, duplicate, declined, rejected:<reason>, unknownOrder':
    tr(
      'started (iniciat), confirmed (confirmat), retaken (pagament tardà, places lliures), refundPending (devolució pendent), duplicate (duplicat), declined (denegat), rejected:<motiu> (rebutjat), unknownOrder (comanda desconeguda)',
      'started (iniciado), confirmed (confirmado), retaken (pago tardío, plazas libres), refundPending (devolución pendiente), duplicate (duplicado), declined (denegado), rejected:<motivo> (rechazado), unknownOrder (pedido desconocido)',
      'started, confirmed, retaken (late payment, seats free), refundPending, duplicate, declined, rejected:<reason>, unknownOrder',
      'started (commencé), confirmed (confirmé), retaken (paiement tardif, places libres), refundPending (remboursement en attente), duplicate (doublon), declined (refusé), rejected:<motif> (rejeté), unknownOrder (commande inconnue)',
    ),
  'The Redsys order that paid it.': tr(
    'La comanda de Redsys que l’ha pagat.',
    'El pedido de Redsys que lo pagó.',
    'The Redsys order that paid it.',
    'La commande Redsys qui l’a payé.',
  ),
  'What the booking costs once moved.': tr(
    'El que costa la reserva un cop canviada.',
    'Lo que cuesta la reserva una vez cambiada.',
    'What the booking costs once moved.',
    'Ce que coûte la réservation une fois déplacée.',
  ),
  'What the customer pays by link.': tr(
    'El que el client paga amb l’enllaç.',
    'Lo que el cliente paga con el enlace.',
    'What the customer pays by link.',
    'Ce que le client paie par le lien.',
  ),
  'Set when the payment is the difference of a move.': tr(
    'Quan el pagament és la diferència d’un canvi.',
    'Cuando el pago es la diferencia de un cambio.',
    'Set when the payment is the difference of a move.',
    'Quand le paiement est la différence d’un changement.',
  ),
  'The Redsys order.': tr('La comanda de Redsys.', 'El pedido de Redsys.', 'The Redsys order.', 'La commande Redsys.'),
  'The till session whose close settled this box-office payment.': tr(
    'La sessió de caixa que va liquidar aquest cobrament de taquilla en tancar-se.',
    'La sesión de caja que liquidó este cobro de taquilla al cerrarse.',
    'The till session whose close settled this box-office payment.',
    'La session de caisse dont la clôture a réglé ce paiement au guichet.',
  ),
  'The same request twice finds this row instead of paying out twice.': tr(
    'La mateixa petició dues vegades troba aquesta fila en lloc de pagar dues vegades.',
    'La misma petición dos veces encuentra esta fila en lugar de pagar dos veces.',
    'The same request twice finds this row instead of paying out twice.',
    'La même demande deux fois retrouve cette ligne au lieu de payer deux fois.',
  ),
  'user:<id>, visitor, or system (automatic refunds).': tr(
    'user:<id>, visitor (visitant) o system (devolucions automàtiques).',
    'user:<id>, visitor (visitante) o system (devoluciones automáticas).',
    'user:<id>, visitor, or system (automatic refunds).',
    'user:<id>, visitor (visiteur) ou system (remboursements automatiques).',
  ),
  'user:<id>, visitor or system.': tr(
    'user:<id>, visitor (visitant) o system (sistema).',
    'user:<id>, visitor (visitante) o system (sistema).',
    'user:<id>, visitor or system.',
    'user:<id>, visitor (visiteur) ou system (système).',
  ),
  'booking:<reference>, departure:<id>…': tr(
    'booking:<localitzador>, departure:<id>…',
    'booking:<localizador>, departure:<id>…',
    'booking:<reference>, departure:<id>…',
    'booking:<référence>, departure:<id>…',
  ),
  'Who, for the list view.': tr(
    'Qui, per a la llista.',
    'Quién, para la lista.',
    'Who, for the list view.',
    'Qui, pour la liste.',
  ),
  'Language of the site when the visitor wrote.': tr(
    'Idioma del web quan el visitant va escriure.',
    'Idioma de la web cuando el visitante escribió.',
    'Language of the site when the visitor wrote.',
    'Langue du site quand le visiteur a écrit.',
  ),
  'Internal notes; never sent to the visitor.': tr(
    'Notes internes; mai s’envien al visitant.',
    'Notas internas; nunca se envían al visitante.',
    'Internal notes; never sent to the visitor.',
    'Notes internes ; jamais envoyées au visiteur.',
  ),
  'E-mails sent about this request.': tr(
    'Correus enviats sobre aquesta sol·licitud.',
    'Correos enviados sobre esta solicitud.',
    'E-mails sent about this request.',
    'E-mails envoyés au sujet de cette demande.',
  ),
  'School, organisation or agency.': tr(
    'Escola, entitat o agència.',
    'Escuela, entidad o agencia.',
    'School, organisation or agency.',
    'École, organisme ou agence.',
  ),
  'School phone.': tr('Telèfon de l’escola.', 'Teléfono de la escuela.', 'School phone.', 'Téléphone de l’école.'),
  'Tour slug, or "other".': tr(
    'Slug de l’excursió, o «other».',
    'Slug de la excursión, u «other».',
    'Tour slug, or "other".',
    'Slug de l’excursion, ou « other ».',
  ),
  'Message or comments.': tr(
    'Missatge o comentaris.',
    'Mensaje o comentarios.',
    'Message or comments.',
    'Message ou commentaires.',
  ),
  'Every e-mail the site sends. Failed ones are retried automatically; with the local outbox, the message itself is at /api/email-log/{id}/eml.':
    tr(
      'Tots els correus que envia el web. Els fallits es tornen a provar automàticament; amb la safata local, el missatge és a /api/email-log/{id}/eml.',
      'Todos los correos que envía la web. Los fallidos se reintentan automáticamente; con la bandeja local, el mensaje está en /api/email-log/{id}/eml.',
      'Every e-mail the site sends. Failed ones are retried automatically; with the local outbox, the message itself is at /api/email-log/{id}/eml.',
      'Tous les e-mails envoyés par le site. Les échecs sont relancés automatiquement ; avec la boîte locale, le message est à /api/email-log/{id}/eml.',
    ),
  'File in the outbox folder.': tr(
    'Fitxer a la carpeta de sortida.',
    'Fichero en la carpeta de salida.',
    'File in the outbox folder.',
    'Fichier dans le dossier d’envoi.',
  ),
  'The plain-text body as sent.': tr(
    'El cos en text pla, tal com es va enviar.',
    'El cuerpo en texto plano, tal como se envió.',
    'The plain-text body as sent.',
    'Le corps en texte brut, tel qu’envoyé.',
  ),
  'Old path on this site, e.g. /ca/ofertes-estiu (no domain, no trailing slash).': tr(
    'Ruta antiga d’aquest web, p. ex. /ca/ofertes-estiu (sense domini ni barra final).',
    'Ruta antigua de esta web, p. ej. /ca/ofertes-estiu (sin dominio ni barra final).',
    'Old path on this site, e.g. /ca/ofertes-estiu (no domain, no trailing slash).',
    'Ancien chemin de ce site, p. ex. /ca/ofertes-estiu (sans domaine ni barre finale).',
  ),
  'Where visitors go, answered with 301: a path on this site, or an https:// URL on a host an administrator allowed in the site settings.':
    tr(
      'On van els visitants, amb una resposta 301: una ruta d’aquest web, o una URL https:// d’un domini que un administrador hagi permès a la configuració del web.',
      'Adónde van los visitantes, con una respuesta 301: una ruta de esta web, o una URL https:// de un dominio que un administrador haya permitido en la configuración de la web.',
      'Where visitors go, answered with 301: a path on this site, or an https:// URL on a host an administrator allowed in the site settings.',
      'Où vont les visiteurs, avec une réponse 301 : un chemin de ce site, ou une URL https:// d’un domaine qu’un administrateur a autorisé dans les réglages du site.',
    ),
  'Hosts redirects may send visitors to, one a line (shop.example.com). Empty: only this site.': tr(
    'Dominis on les redireccions poden enviar els visitants, un per línia (botiga.exemple.com). Buit: només aquest web.',
    'Dominios a los que las redirecciones pueden enviar a los visitantes, uno por línea (tienda.ejemplo.com). Vacío: solo esta web.',
    'Hosts redirects may send visitors to, one a line (shop.example.com). Empty: only this site.',
    'Domaines vers lesquels les redirections peuvent envoyer les visiteurs, un par ligne (boutique.exemple.com). Vide : seulement ce site.',
  ),
  allowedRedirectHosts: tr(
    'Dominis permesos per a redireccions',
    'Dominios permitidos para redirecciones',
    'Hosts allowed for redirects',
    'Domaines autorisés pour les redirections',
  ),
  'Warn on the today board when forecast gusts reach this speed (km/h).': tr(
    'Avisa al tauler d’avui quan les ratxes previstes arribin a aquesta velocitat (km/h).',
    'Avisa en el panel de hoy cuando las rachas previstas lleguen a esta velocidad (km/h).',
    'Warn on the today board when forecast gusts reach this speed (km/h).',
    'Alerte sur le tableau du jour quand les rafales prévues atteignent cette vitesse (km/h).',
  ),
  'Warn on the today board when the forecast mean wind reaches this speed (km/h).': tr(
    'Avisa al tauler d’avui quan el vent mitjà previst arribi a aquesta velocitat (km/h).',
    'Avisa en el panel de hoy cuando el viento medio previsto llegue a esta velocidad (km/h).',
    'Warn on the today board when the forecast mean wind reaches this speed (km/h).',
    'Alerte sur le tableau du jour quand le vent moyen prévu atteint cette vitesse (km/h).',
  ),

  // Option labels (or the stored value, where the collection shows the value itself)
  'Online tickets': tr('Bitllets en línia', 'Billetes en línea', 'Online tickets', 'Billets en ligne'),
  'On request': tr('A petició', 'Bajo petición', 'On request', 'Sur demande'),
  'Round trip': tr('Anada i tornada', 'Ida y vuelta', 'Round trip', 'Aller-retour'),
  'One way': tr('Només anada', 'Solo ida', 'One way', 'Aller simple'),
  'Moved to another departure': tr(
    'Canviada a una altra sortida',
    'Cambiada a otra salida',
    'Moved to another departure',
    'Déplacée vers un autre départ',
  ),
  Refunded: tr('Retornada', 'Devuelta', 'Refunded', 'Remboursée'),
  Scheduled: tr('Programada', 'Programada', 'Scheduled', 'Programmé'),
  'Closed for sale': tr('Tancada a la venda', 'Cerrada a la venta', 'Closed for sale', 'Fermé à la vente'),
  Cancelled: tr('Cancel·lada', 'Cancelada', 'Cancelled', 'Annulé'),
  'Payment started': tr('Pagament iniciat', 'Pago iniciado', 'Payment started', 'Paiement commencé'),
  Notification: tr('Notificació', 'Notificación', 'Notification', 'Notification'),
  'Every day': tr('Cada dia', 'Cada día', 'Every day', 'Tous les jours'),
  'Monday to Friday': tr('De dilluns a divendres', 'De lunes a viernes', 'Monday to Friday', 'Du lundi au vendredi'),
  'Saturdays and Sundays': tr(
    'Dissabtes i diumenges',
    'Sábados y domingos',
    'Saturdays and Sundays',
    'Samedis et dimanches',
  ),
  'Chosen weekdays': tr('Dies triats', 'Días elegidos', 'Chosen weekdays', 'Jours choisis'),
  Monday: tr('Dilluns', 'Lunes', 'Monday', 'Lundi'),
  Tuesday: tr('Dimarts', 'Martes', 'Tuesday', 'Mardi'),
  Wednesday: tr('Dimecres', 'Miércoles', 'Wednesday', 'Mercredi'),
  Thursday: tr('Dijous', 'Jueves', 'Thursday', 'Jeudi'),
  Friday: tr('Divendres', 'Viernes', 'Friday', 'Vendredi'),
  Saturday: tr('Dissabte', 'Sábado', 'Saturday', 'Samedi'),
  Sunday: tr('Diumenge', 'Domingo', 'Sunday', 'Dimanche'),
  ...languageNames,
  // Booking statuses
  held: tr('Retinguda', 'Retenida', 'Held', 'Retenue'),
  paid: tr('Pagada', 'Pagada', 'Paid', 'Payée'),
  expired: tr('Caducada', 'Caducada', 'Expired', 'Expirée'),
  cancelled: tr('Cancel·lada', 'Cancelada', 'Cancelled', 'Annulée'),
  refundPending: tr('Devolució pendent', 'Devolución pendiente', 'Refund pending', 'Remboursement en attente'),
  disrupted: tr('Afectada per cancel·lació', 'Afectada por cancelación', 'Disrupted', 'Perturbée'),
  // Cancellation reasons
  wind: tr('Vent', 'Viento', 'Wind', 'Vent'),
  seaState: tr('Estat de la mar', 'Estado del mar', 'Sea state', 'État de la mer'),
  technical: tr('Avaria tècnica', 'Avería técnica', 'Technical', 'Panne technique'),
  other: tr('Altres', 'Otros', 'Other', 'Autre'),
  timetable: tr("Canvi d'horari", 'Cambio de horario', 'Timetable change', "Changement d'horaire"),
  closedDay: tr('Dia tancat', 'Día cerrado', 'Closed day', 'Jour fermé'),
  // Ticket categories
  adult: tr('Adult', 'Adulto', 'Adult', 'Adulte'),
  reducedCategory: tr('Reduït', 'Reducido', 'Reduced', 'Réduit'),
  child: tr('Infant', 'Niño', 'Child', 'Enfant'),
  // Payment events
  payment: tr('Pagament', 'Pago', 'Payment', 'Paiement'),
  refund: tr('Devolució', 'Devolución', 'Refund', 'Remboursement'),
  succeeded: tr('Correcte', 'Correcto', 'Succeeded', 'Réussi'),
  pending: tr('Pendent', 'Pendiente', 'Pending', 'En attente'),
  failed: tr('Fallit', 'Fallido', 'Failed', 'Échoué'),
  completed: tr('Completat', 'Completado', 'Completed', 'Terminé'),
  withdrawn: tr('Retirat', 'Retirado', 'Withdrawn', 'Retiré'),
  card: tr('Targeta', 'Tarjeta', 'Card', 'Carte'),
  bizum: tr('Bizum', 'Bizum', 'Bizum', 'Bizum'),
  cash: tr('Efectiu', 'Efectivo', 'Cash', 'Espèces'),
  terminal: tr('Datàfon', 'Datáfono', 'Card terminal', 'Terminal de paiement'),
  invoice: tr('Factura', 'Factura', 'Invoice', 'Facture'),
  link: tr('Enllaç de pagament', 'Enlace de pago', 'Payment link', 'Lien de paiement'),
  // Requests
  school: tr('Escola', 'Escuela', 'School', 'École'),
  group: tr('Grup', 'Grupo', 'Group', 'Groupe'),
  agency: tr('Agència', 'Agencia', 'Agency', 'Agence'),
  new: tr('Nova', 'Nueva', 'New', 'Nouvelle'),
  'in progress': tr('En curs', 'En curso', 'In progress', 'En cours'),
  quoted: tr('Pressupostada', 'Presupuestada', 'Quoted', 'Devis envoyé'),
  confirmed: tr('Confirmada', 'Confirmada', 'Confirmed', 'Confirmée'),
  declined: tr('Rebutjada', 'Rechazada', 'Declined', 'Refusée'),
  // E-mails
  queued: tr('A la cua', 'En cola', 'Queued', 'En file d’attente'),
  sent: tr('Enviat', 'Enviado', 'Sent', 'Envoyé'),
  // Tours
  harbour: tr('Port', 'Puerto', 'Harbour', 'Port'),
  coastline: tr('Costa', 'Costa', 'Coastline', 'Côte'),
  combined: tr('Combinada', 'Combinada', 'Combined', 'Combinée'),
  special: tr('Especial', 'Especial', 'Special', 'Spéciale'),
  event: tr('Esdeveniment', 'Evento', 'Event', 'Événement'),
  // Pages
  about: tr('Qui som', 'Quiénes somos', 'About us', 'Qui sommes-nous'),
  legal: tr('Avís legal', 'Aviso legal', 'Legal notice', 'Mentions légales'),
  companyPolicy: tr('Política de l’empresa', 'Política de la empresa', 'Company policy', 'Politique de l’entreprise'),
  privacy: tr('Privacitat', 'Privacidad', 'Privacy', 'Confidentialité'),
  terms: tr('Condicions', 'Condiciones', 'Terms', 'Conditions'),
  cookies: tr('Galetes', 'Cookies', 'Cookies', 'Cookies'),
  // Partners of combined tours (issue 44)
  Name: tr('Nom', 'Nombre', 'Name', 'Nom'),
  Active: tr('Actiu', 'Activo', 'Active', 'Actif'),
  'Legal name': tr('Raó social', 'Razón social', 'Legal name', 'Raison sociale'),
  'Tax id': tr('NIF', 'NIF', 'Tax id', 'Numéro fiscal'),
  Address: tr('Adreça', 'Dirección', 'Address', 'Adresse'),
  'Contact phone': tr('Telèfon de contacte', 'Teléfono de contacto', 'Contact phone', 'Téléphone de contact'),
  Language: tr('Idioma', 'Idioma', 'Language', 'Langue'),
  Catalan: tr('Català', 'Catalán', 'Catalan', 'Catalan'),
  Spanish: tr('Castellà', 'Castellano', 'Spanish', 'Espagnol'),
  English: tr('Anglès', 'Inglés', 'English', 'Anglais'),
  French: tr('Francès', 'Francés', 'French', 'Français'),
  'The language of its monthly settlement.': tr(
    'L’idioma de la seva liquidació mensual.',
    'El idioma de su liquidación mensual.',
    'The language of its monthly settlement.',
    'La langue de son décompte mensuel.',
  ),
  'Opening hours': tr('Horari d’obertura', 'Horario de apertura', 'Opening hours', 'Horaires d’ouverture'),
  'Closed days': tr('Dies de tancament', 'Días de cierre', 'Closed days', 'Jours de fermeture'),
  'As visitors read it on their tickets, in each language.': tr(
    'Com ho llegeixen els visitants als bitllets, en cada idioma.',
    'Como lo leen los visitantes en sus billetes, en cada idioma.',
    'As visitors read it on their tickets, in each language.',
    'Tel que les visiteurs le lisent sur leurs billets, dans chaque langue.',
  ),
  'Where to go (map link)': tr(
    'On anar (enllaç al mapa)',
    'Dónde ir (enlace al mapa)',
    'Where to go (map link)',
    'Où aller (lien vers la carte)',
  ),
  Agreement: tr('Acord', 'Acuerdo', 'Agreement', 'Accord'),
  'What we pay': tr('Què paguem', 'Qué pagamos', 'What we pay', 'Ce que nous payons'),
  'A fixed amount per admission': tr(
    'Un import fix per entrada',
    'Un importe fijo por entrada',
    'A fixed amount per admission',
    'Un montant fixe par entrée',
  ),
  'A share of the partner part’s price': tr(
    'Un percentatge del preu de la part del soci',
    'Un porcentaje del precio de la parte del socio',
    'A share of the partner part’s price',
    'Une part du prix de la part du partenaire',
  ),
  'Super3 child': tr('Infant Super3', 'Niño Super3', 'Super3 child', 'Enfant Super3'),
  'Partner’s share (%)': tr(
    'Part del soci (%)',
    'Parte del socio (%)',
    'Partner’s share (%)',
    'Part du partenaire (%)',
  ),
  'How admissions are checked': tr(
    'Com es controlen les entrades',
    'Cómo se controlan las entradas',
    'How admissions are checked',
    'Contrôle des entrées',
  ),
  'Our QR, scanned at the partner’s door': tr(
    'El nostre QR, escanejat a la porta del soci',
    'Nuestro QR, escaneado en la puerta del socio',
    'Our QR, scanned at the partner’s door',
    'Notre QR, scanné à l’entrée du partenaire',
  ),
  'Codes the partner supplies in batches': tr(
    'Codis que el soci lliura per lots',
    'Códigos que el socio entrega por lotes',
    'Codes the partner supplies in batches',
    'Codes fournis par lots par le partenaire',
  ),
  'Warn the office below (codes left)': tr(
    'Avisar l’oficina per sota de (codis restants)',
    'Avisar a la oficina por debajo de (códigos restantes)',
    'Warn the office below (codes left)',
    'Prévenir le bureau en dessous de (codes restants)',
  ),
  'Admission valid': tr('Entrada vàlida', 'Entrada válida', 'Admission valid', 'Entrée valable'),
  'On the day of the trip': tr(
    'El dia de la sortida',
    'El día de la salida',
    'On the day of the trip',
    'Le jour de la sortie',
  ),
  'From the trip until N days after it': tr(
    'Des de la sortida fins a N dies després',
    'Desde la salida hasta N días después',
    'From the trip until N days after it',
    'De la sortie jusqu’à N jours après',
  ),
  'Between two dates': tr('Entre dues dates', 'Entre dos fechas', 'Between two dates', 'Entre deux dates'),
  'Days after the trip': tr(
    'Dies després de la sortida',
    'Días después de la salida',
    'Days after the trip',
    'Jours après la sortie',
  ),
  'Valid from': tr('Vàlida des de', 'Válida desde', 'Valid from', 'Valable à partir du'),
  'Valid until': tr('Vàlida fins a', 'Válida hasta', 'Valid until', 'Valable jusqu’au'),
  'Tax treatment of the partner part': tr(
    'Tractament fiscal de la part del soci',
    'Tratamiento fiscal de la parte del socio',
    'Tax treatment of the partner part',
    'Traitement fiscal de la part du partenaire',
  ),
  'Sold in the partner’s name and on its behalf': tr(
    'Venuda en nom i per compte del soci',
    'Vendida en nombre y por cuenta del socio',
    'Sold in the partner’s name and on its behalf',
    'Vendue au nom et pour le compte du partenaire',
  ),
  'Bought and resold': tr('Comprada i revenuda', 'Comprada y revendida', 'Bought and resold', 'Achetée et revendue'),
  'In its name and on its behalf: the part is not in our taxable base; the invoice shows it as collected for the partner, who invoices the admission. Bought and resold: our sale, at the part’s own VAT rate.':
    tr(
      'En nom i per compte del soci: la part no és a la nostra base imposable; la factura la mostra com a cobrada per compte del soci, que factura l’entrada. Comprada i revenuda: venda nostra, al tipus d’IVA de la part.',
      'En nombre y por cuenta del socio: la parte no está en nuestra base imponible; la factura la muestra como cobrada por cuenta del socio, que factura la entrada. Comprada y revendida: venta nuestra, al tipo de IVA de la parte.',
      'In its name and on its behalf: the part is not in our taxable base; the invoice shows it as collected for the partner, who invoices the admission. Bought and resold: our sale, at the part’s own VAT rate.',
      'Au nom et pour le compte du partenaire : la part n’entre pas dans notre base imposable ; la facture la montre comme encaissée pour le partenaire, qui facture l’entrée. Achetée et revendue : notre vente, au taux de TVA de la part.',
    ),
  'VAT of the partner part (%)': tr(
    'IVA de la part del soci (%)',
    'IVA de la parte del socio (%)',
    'VAT of the partner part (%)',
    'TVA de la part du partenaire (%)',
  ),
  '10 % a restaurant’s meal; 21 % a museum’s or an attraction’s admission.': tr(
    '10 % un àpat de restaurant; 21 % l’entrada d’un museu o d’una atracció.',
    '10 % una comida de restaurante; 21 % la entrada de un museo o de una atracción.',
    '10 % a restaurant’s meal; 21 % a museum’s or an attraction’s admission.',
    '10 % un repas au restaurant ; 21 % l’entrée d’un musée ou d’une attraction.',
  ),
  'Monthly settlements': tr(
    'Liquidacions mensuals',
    'Liquidaciones mensuales',
    'Monthly settlements',
    'Relevés mensuels',
  ),
  'Add supplied codes': tr(
    'Afegir codis lliurats',
    'Añadir códigos entregados',
    'Add supplied codes',
    'Ajouter des codes fournis',
  ),
  'One code per line; codes already added are skipped. Each sale takes the next unused one.': tr(
    'Un codi per línia; els ja afegits s’ometen. Cada venda agafa el següent sense usar.',
    'Un código por línea; los ya añadidos se omiten. Cada venta toma el siguiente sin usar.',
    'One code per line; codes already added are skipped. Each sale takes the next unused one.',
    'Un code par ligne ; ceux déjà ajoutés sont ignorés. Chaque vente prend le suivant inutilisé.',
  ),
  Partner: tr('Soci', 'Socio', 'Partner', 'Partenaire'),
  Code: tr('Codi', 'Código', 'Code', 'Code'),
  Sold: tr('Venut', 'Vendido', 'Sold', 'Vendu'),
  'Set when a sale took the code.': tr(
    'S’omple quan una venda agafa el codi.',
    'Se rellena cuando una venta toma el código.',
    'Set when a sale took the code.',
    'Rempli quand une vente prend le code.',
  ),
  'Code supplied by the partner': tr(
    'Codi lliurat pel soci',
    'Código entregado por el socio',
    'Code supplied by the partner',
    'Code fourni par le partenaire',
  ),
  Ticket: tr('Bitllet', 'Billete', 'Ticket', 'Billet'),
  Booking: tr('Reserva', 'Reserva', 'Booking', 'Réservation'),
  Category: tr('Categoria', 'Categoría', 'Category', 'Catégorie'),
  'Partner part of the price': tr(
    'Part del soci en el preu',
    'Parte del socio en el precio',
    'Partner part of the price',
    'Part du partenaire dans le prix',
  ),
  'In cents, VAT included where it is ours.': tr(
    'En cèntims, IVA inclòs si la venda és nostra.',
    'En céntimos, IVA incluido si la venta es nuestra.',
    'In cents, VAT included where it is ours.',
    'En centimes, TVA comprise si la vente est la nôtre.',
  ),
  'Owed to the partner': tr('Deute amb el soci', 'Debido al socio', 'Owed to the partner', 'Dû au partenaire'),
  'In cents, per the agreement at the sale.': tr(
    'En cèntims, segons l’acord en el moment de la venda.',
    'En céntimos, según el acuerdo en el momento de la venta.',
    'In cents, per the agreement at the sale.',
    'En centimes, selon l’accord au moment de la vente.',
  ),
  Used: tr('Usada', 'Usada', 'Used', 'Utilisée'),
  'Checked by': tr('Controlada per', 'Controlada por', 'Checked by', 'Contrôlée par'),
  'Refunded although used': tr(
    'Retornada tot i usada',
    'Devuelta aunque usada',
    'Refunded although used',
    'Remboursée bien qu’utilisée',
  ),
  'Used at the partner, yet its share went back to the visitor (the agreement allows it, or staff decided so).': tr(
    'Usada al soci, però la seva part s’ha retornat al visitant (l’acord ho permet o l’oficina ho ha decidit).',
    'Usada en el socio, pero su parte se ha devuelto al visitante (el acuerdo lo permite o la oficina lo ha decidido).',
    'Used at the partner, yet its share went back to the visitor (the agreement allows it, or staff decided so).',
    'Utilisée chez le partenaire, mais sa part a été rendue au visiteur (l’accord le permet ou le bureau l’a décidé).',
  ),
  'A used admission is refunded': tr(
    'Una entrada usada es retorna',
    'Una entrada usada se devuelve',
    'A used admission is refunded',
    'Une entrée utilisée est remboursée',
  ),
  'Unticked (the default): once the visitor has used this partner’s admission, a full refund keeps its share; the office may still refund it when cancelling.':
    tr(
      'Sense marcar (per defecte): un cop el visitant ha fet servir l’entrada d’aquest soci, un retorn complet se’n queda la part; l’oficina encara la pot retornar en cancel·lar.',
      'Sin marcar (por defecto): una vez el visitante ha usado la entrada de este socio, una devolución completa se queda su parte; la oficina aún puede devolverla al cancelar.',
      'Unticked (the default): once the visitor has used this partner’s admission, a full refund keeps its share; the office may still refund it when cancelling.',
      'Non cochée (par défaut) : une fois l’entrée de ce partenaire utilisée, un remboursement complet en garde la part ; le bureau peut encore la rembourser en annulant.',
    ),
  Voided: tr('Anul·lada', 'Anulada', 'Voided', 'Annulée'),
  'Set when the booking was cancelled, refunded or moved.': tr(
    'S’omple quan la reserva es cancel·la, es reemborsa o es canvia.',
    'Se rellena cuando la reserva se cancela, se reembolsa o se cambia.',
    'Set when the booking was cancelled, refunded or moved.',
    'Rempli quand la réservation est annulée, remboursée ou déplacée.',
  ),
  'Partner parts (combined tour)': tr(
    'Parts dels socis (excursió combinada)',
    'Partes de los socios (excursión combinada)',
    'Partner parts (combined tour)',
    'Parts des partenaires (excursion combinée)',
  ),
  'Partner part': tr('Part d’un soci', 'Parte de un socio', 'Partner part', 'Part d’un partenaire'),
  'Partner parts': tr('Parts dels socis', 'Partes de los socios', 'Partner parts', 'Parts des partenaires'),
  'Empty: a boat trip only. Each part: its partner and its share of each category’s price, VAT included; the boat keeps the rest.':
    tr(
      'Buit: només vaixell. Cada part: el soci i la seva part del preu de cada categoria, IVA inclòs; la resta és del vaixell.',
      'Vacío: solo barco. Cada parte: el socio y su parte del precio de cada categoría, IVA incluido; el resto es del barco.',
      'Empty: a boat trip only. Each part: its partner and its share of each category’s price, VAT included; the boat keeps the rest.',
      'Vide : bateau seul. Chaque part : le partenaire et sa part du prix de chaque catégorie, TVA comprise ; le reste est au bateau.',
    ),
  'Each partner once per tour': tr(
    'Cada soci una sola vegada per excursió',
    'Cada socio una sola vez por excursión',
    'Each partner once per tour',
    'Chaque partenaire une seule fois par excursion',
  ),
  'The partner parts add up to more than a price': tr(
    'Les parts dels socis sumen més que un preu',
    'Las partes de los socios suman más que un precio',
    'The partner parts add up to more than a price',
    'Les parts des partenaires dépassent un prix',
  ),
  'An https:// address': tr(
    'Una adreça https://',
    'Una dirección https://',
    'An https:// address',
    'Une adresse https://',
  ),
  contactPhone: tr('Telèfon de contacte', 'Teléfono de contacto', 'Contact phone', 'Téléphone de contact'),
  // Staff roles
  admin: tr('Administració', 'Administración', 'Admin', 'Administration'),
  office: tr('Oficina', 'Oficina', 'Office', 'Bureau'),
  crew: tr('Tripulació', 'Tripulación', 'Crew', 'Équipage'),
  partner: tr('Porta d’un soci', 'Puerta de un socio', 'Partner’s door', 'Accueil d’un partenaire'),
  'The partner whose door this user checks admissions at.': tr(
    'El soci a la porta del qual aquest usuari controla les entrades.',
    'El socio en cuya puerta este usuario controla las entradas.',
    'The partner whose door this user checks admissions at.',
    'Le partenaire à l’entrée duquel cet utilisateur contrôle les entrées.',
  ),
};

/** Row names of array fields without `labels` of their own (Payload would say "Include"), by field name. */
export const rowLabels: Record<string, { singular: Translated; plural: Translated }> = {
  includes: {
    singular: tr('Element', 'Elemento', 'Item', 'Élément'),
    plural: tr('Elements', 'Elementos', 'Items', 'Éléments'),
  },
  gallery: {
    singular: tr('Imatge', 'Imagen', 'Image', 'Image'),
    plural: tr('Imatges', 'Imágenes', 'Images', 'Images'),
  },
  programmes: {
    singular: tr('Programa', 'Programa', 'Programme', 'Programme'),
    plural: tr('Programes', 'Programas', 'Programmes', 'Programmes'),
  },
  times: { singular: tr('Hora', 'Hora', 'Time', 'Heure'), plural: tr('Hores', 'Horas', 'Times', 'Heures') },
  closedDates: {
    singular: tr('Dia sense sortides', 'Día sin salidas', 'Closed date', 'Jour sans départ'),
    plural: tr('Dies sense sortides', 'Días sin salidas', 'Closed dates', 'Jours sans départ'),
  },
  extraDepartures: {
    singular: tr('Sortida extra', 'Salida extra', 'Extra departure', 'Départ supplémentaire'),
    plural: tr('Sortides extra', 'Salidas extra', 'Extra departures', 'Départs supplémentaires'),
  },
};

/** Options whose labels are internal codes, the same in every language. */
const codeFields = new Set(['menuKey', 'programme']);

/** Option values that read differently from a field of the same name. */
const optionAliases: Record<string, string> = { reduced: 'reducedCategory' };

export const missingTranslations = new Set<string>();

/**
 * A field's label as Payload wants it for its list columns: a function of the staff's language.
 * Payload hands a column's label to its sort buttons' "Sort by {{label}}" untranslated, so a
 * `{ ca, es, en, fr }` label read "Ordena per [object Object]" to a screen reader; a function is
 * evaluated to a string before it reaches the browser. `translations` keeps the four texts.
 */
export type FieldLabel = ((args: { i18n: { language: string } }) => string) & { translations: Translated };

export function fieldLabel(text: Translated): FieldLabel {
  const label = (({ i18n }) => text[i18n.language as AdminLanguage] ?? text.ca) as FieldLabel;
  label.translations = text;
  return label;
}

const asFieldLabel = (text: Translated | string) => (typeof text === 'string' ? text : fieldLabel(text));

/** The translation of one English text (or field name); an unknown one is kept and reported. */
export function translated(text: string): Translated | string {
  const found = texts[text];
  if (!found) missingTranslations.add(text);
  return found ?? text;
}

function translateText(value: unknown): unknown {
  return typeof value === 'string' ? translated(value) : value;
}

type Loose = Record<string, unknown>;

function translateOptions(fieldName: string | undefined, options: unknown[]): unknown[] {
  return options.map((option) => {
    const { label, value } = (typeof option === 'string' ? { label: option, value: option } : option) as {
      label: unknown;
      value: string;
    };
    if (typeof label !== 'string') return option;
    if (fieldName && codeFields.has(fieldName)) return { label: code(label), value };
    return { label: translated(label === value ? (optionAliases[value] ?? value) : label), value };
  });
}

function translateAdmin(admin: unknown): unknown {
  if (!admin || typeof admin !== 'object') return admin;
  const copy = { ...(admin as Loose) };
  if ('description' in copy) copy.description = translateText(copy.description);
  if ('group' in copy) copy.group = translateText(copy.group);
  return copy;
}

export function translateFields(fields: Field[]): Field[] {
  return fields.map((field) => {
    const copy = { ...field } as Loose;
    const name = typeof copy.name === 'string' ? copy.name : undefined;
    const hidden = copy.hidden === true || (copy.admin as Loose | undefined)?.hidden === true;
    if (typeof copy.label === 'string') copy.label = asFieldLabel(translated(copy.label));
    else if (copy.label === undefined && name && !hidden && copy.type !== 'row' && copy.type !== 'tabs') {
      copy.label = asFieldLabel(translated(name));
    }
    if (copy.type === 'array' && !copy.labels && name && !hidden) {
      const rows = rowLabels[name];
      if (rows) copy.labels = rows;
      else missingTranslations.add(`rows of ${name}`);
    }
    if (copy.labels && typeof copy.labels === 'object') {
      const { singular, plural } = copy.labels as Loose;
      copy.labels = { singular: translateText(singular), plural: translateText(plural) };
    }
    if ('admin' in copy) copy.admin = translateAdmin(copy.admin);
    if (Array.isArray(copy.options)) copy.options = translateOptions(name, copy.options);
    if (Array.isArray(copy.fields)) copy.fields = translateFields(copy.fields as Field[]);
    if (Array.isArray(copy.tabs)) {
      copy.tabs = (copy.tabs as Loose[]).map((tab) => ({
        ...tab,
        ...(typeof tab.label === 'string' ? { label: translated(tab.label) } : {}),
        fields: translateFields(tab.fields as Field[]),
      }));
    }
    return copy as unknown as Field;
  });
}

export function translateCollection(collection: CollectionConfig): CollectionConfig {
  const labels = collectionLabels[collection.slug];
  if (!labels) missingTranslations.add(`collection ${collection.slug}`);
  return {
    ...collection,
    ...(labels ? { labels } : {}),
    admin: translateAdmin(collection.admin) as CollectionConfig['admin'],
    fields: translateFields(collection.fields),
  };
}

export function translateGlobal(global: GlobalConfig): GlobalConfig {
  const label = globalLabels[global.slug];
  if (!label) missingTranslations.add(`global ${global.slug}`);
  return {
    ...global,
    ...(label ? { label } : {}),
    admin: translateAdmin(global.admin) as GlobalConfig['admin'],
    fields: translateFields(global.fields),
  };
}
