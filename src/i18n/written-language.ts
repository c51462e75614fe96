import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

import { startsWithVowelSound } from './catalan';
import { localeInfo, type Locale } from './locales';

/**
 * The written-language rules of docs/decisions/172-written-language-rules.md as checks on a
 * text, for the tests that read every catalogue message and render every e-mail, SMS and PDF.
 * Each check returns what it found wrong, quoted with a little context; nothing means the text
 * keeps the rules.
 */

/** Features read by visitors; the others (back office, crew, staff sign-in) are staff's screens. */
const staffFeatures = new Set(['ops', 'invoices-admin', 'staff', 'boarding']);
export function visitorFacing(feature: string): boolean {
  return !staffFeatures.has(feature);
}

function around(text: string, index: number, length = 1): string {
  return JSON.stringify(text.slice(Math.max(0, index - 25), index + length + 25));
}

/** Catalan: "el 1 de", "del 11", "de octubre", "de un" instead of "l'1 de", "de l'11", "d'octubre", "d'un". */
export function catalanElisionFaults(text: string): string[] {
  const faults: string[] = [];
  for (const match of text.matchAll(/(?<![\p{L}\p{N}'’·-])(el|del|al|pel|de) (\S+)/giu)) {
    if (startsWithVowelSound(match[2]!)) faults.push(`"${match[1]} ${match[2]}" in ${around(text, match.index)}`);
  }
  return faults;
}

/**
 * The register we do not use (tu in Catalan, tú in Spanish): the forms of vós / vosaltres and of
 * usted. The lists name words that only that register has, so a word shared with a third person
 * ("su" in "la empresa y su flota") is left out on purpose.
 */
const otherRegister: Partial<Record<Locale, RegExp>> = {
  ca: new RegExp(
    String.raw`(?<![\p{L}'’-])(?<!si )(vós|vostra|vostre|vostres|us|vos|llogueu|expliqueu|poseu|digueu|envieu|visiteu|gaudiu|descobriu|aprofiteu|recordeu|teniu|podeu|voleu|heu|pagueu|trieu|feu|sou|rebreu|tindreu|podreu|haureu|guardeu|reserveu|canvieu|demaneu|contacteu|imprimiu|descarregueu|mireu|consulteu|reviseu|escriviu|truqueu|porteu|arribeu|presenteu|sigueu|aneu|veniu|vingueu|mostreu|ensenyeu|compreu|vulgueu|pugueu|tingueu|hagueu|necessiteu|preneu|escolliu|seleccioneu|introduïu|confirmeu|accepteu|torneu|proveu|obriu|llegiu|deixeu|espereu|cliqueu|premeu|useu|utilitzeu|rebeu|veureu|trobareu|tingueu|paguéssiu|caldrà que)(?![\p{L}'’])`,
    'giu',
  ),
  es: new RegExp(
    String.raw`(?<![\p{L}-])(usted|ustedes|su reserva|sus reservas|sus entradas|sus billetes|su pago|su plaza|sus plazas|su dinero|su tarjeta|su correo|su móvil|su nombre|sus datos|su salida|su cambio|su enlace|su factura|le (?:hemos|enviamos|enviaremos|devolvemos|devolveremos|escribimos|informamos|recordamos|rogamos|guardamos|esperamos|agradecemos|pedimos|ofrecemos|llamaremos|avisaremos)|elija|escriba|pague|revise|consulte|contacte|llámenos|escríbanos|póngase|diríjase|compruebe|vuelva|puede volver|ha pagado|póngase|introduzca|seleccione|descargue|imprima|muestre|presente|intente|espere|tenga|puede usted|podrá usted|recibirá|tendrá que)(?![\p{L}])`,
    'giu',
  ),
};

export function registerFaults(locale: Locale, text: string): string[] {
  const pattern = otherRegister[locale];
  if (!pattern) return [];
  const found = [...text.matchAll(pattern)].map((m) => `"${m[1]}" in ${around(text, m.index, m[0].length)}`);
  // Catalan imperatives of vosaltres with a pronoun after them: "Poseu-vos", "Escriviu-nos".
  if (locale === 'ca') {
    for (const m of text.matchAll(/\p{L}+(?:eu|iu)-(?:vos|nos|ho|la|les|los|ne|hi)(?!\p{L})/gu)) {
      if (!/^(?:escriu|viu|riu|diu|segueix)-/i.test(m[0]))
        found.push(`"${m[0]}" in ${around(text, m.index, m[0].length)}`);
    }
  }
  return found;
}

/**
 * A scheduled sailing is a departure: "sortida", "salida", "départ". French "sortie" is an outing
 * ("une sortie scolaire"), never "your departure"; Spanish "partida" and Catalan "partida" are not
 * our word for it either.
 */
const notDeparture: Partial<Record<Locale, RegExp>> = {
  fr: /\b(?:votre|vos|la|les|cette|nouvelle|prochaine|du|de la) sorties?\b/giu,
  es: /\b(?:tu|tus|la|las|esta|nueva|próxima) partidas?\b/giu,
  ca: /\b(?:la teva|les teves|la|les|aquesta|nova) partides?\b|\bla partida\b/giu,
};

export function vocabularyFaults(locale: Locale, text: string): string[] {
  const pattern = notDeparture[locale];
  if (!pattern) return [];
  return [...text.matchAll(pattern)].map((m) => `"${m[0]}" for a departure in ${around(text, m.index, m[0].length)}`);
}

const NNBSP = '\u202f';

/**
 * French typography: a narrow no-break space (U+202F) before ":", ";", "!" and "?" and inside
 * « », and no English quotes. Web and e-mail addresses and clock times (10:30) are not prose.
 */
export function frenchTypographyFaults(text: string): string[] {
  const prose = text
    .replace(/\b(?:https?:\/\/|mailto:|www\.)\S+/g, (m) => '_'.repeat(m.length))
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, (m) => '_'.repeat(m.length))
    .replace(/\b\d{1,2}:\d{2}\b/g, (m) => '_'.repeat(m.length));
  const faults: string[] = [];
  // Only prose signs: followed by a space, a line break, the end or a closing sign ("admin:create",
  // "?booking=" and "https://" are not prose).
  for (const match of prose.matchAll(/[:;!?](?=[\s\u00a0]|$|["»)])/g)) {
    const before = prose[match.index - 1];
    if (match.index === 0 || before === NNBSP || before === '\n') continue;
    if ((match[0] === '!' || match[0] === '?') && (before === '!' || before === '?')) continue;
    faults.push(`"${match[0]}" without U+202F in ${around(text, match.index)}`);
  }
  for (const match of prose.matchAll(/["“”]/g)) faults.push(`quote ${match[0]} in ${around(text, match.index)}`);
  for (const match of prose.matchAll(/«(?!\u202f)|(?<!\u202f)»/g)) {
    faults.push(`${match[0]} without U+202F in ${around(text, match.index)}`);
  }
  return faults;
}

/** At most this many texts from one message: enough for every branch of the nested choices we write. */
const MAX_TEXTS = 96;

function product(lists: string[][]): string[] {
  return lists.reduce<string[]>(
    (texts, options) => texts.flatMap((text) => options.map((option) => text + option)).slice(0, MAX_TEXTS),
    [''],
  );
}

function texts(elements: MessageFormatElement[]): string[] {
  return product(
    elements.map((element): string[] => {
      switch (element.type) {
        case TYPE.literal:
          return [element.value];
        case TYPE.pound:
          return ['5'];
        case TYPE.select:
        case TYPE.plural:
          return Object.values(element.options).flatMap((option) => texts(option.value));
        case TYPE.tag:
          return texts(element.children);
        default:
          // An inserted value: a word of its own, so its neighbours are judged as they are written.
          return ['X'];
      }
    }),
  );
}

/** Every text a message can produce, its inserted values written as "X" and counts as 5. */
export function expansions(template: string): string[] {
  return texts(parse(template));
}

type Values = Record<string, string | number | Date | ((chunks: string) => string)>;

/**
 * Values to render a message with: each choice it makes (`select`, `plural`) in turn, and its
 * inserted values as the dates, months, amounts and names that test the rules: the 1st and 11th,
 * April, August and October, "11,00 €", a name with a vowel.
 */
export function sampleValueSets(template: string, locale: Locale): Values[] {
  const choices = new Map<string, (string | number)[]>();
  const simple = new Set<string>();
  const fixed: Values = {};
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.select) {
        choices.set(element.value, [
          ...new Set([...(choices.get(element.value) ?? []), ...Object.keys(element.options)]),
        ]);
        for (const option of Object.values(element.options)) walk(option.value);
      } else if (element.type === TYPE.plural) {
        choices.set(element.value, [1, 11]);
        for (const option of Object.values(element.options)) walk(option.value);
      } else if (element.type === TYPE.argument) {
        simple.add(element.value);
      } else if (element.type === TYPE.number) {
        fixed[element.value] = 11;
      } else if (element.type === TYPE.date || element.type === TYPE.time) {
        fixed[element.value] = new Date('2026-10-01T10:30:00Z');
      } else if (element.type === TYPE.tag) {
        fixed[element.value] = (chunks: string) => chunks;
        walk(element.children);
      }
    }
  };
  walk(parse(template));
  const day = (iso: string) =>
    new Intl.DateTimeFormat(localeInfo[locale].iso, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
      new Date(`${iso}T12:00:00Z`),
    );
  const samples = [day('2026-12-01'), day('2026-04-11'), day('2026-08-01'), day('2026-10-11'), 'Ona', '11,00 €'];
  const months = ['abril', 'agost', 'octubre'];
  let sets: Values[] = [{ ...fixed }];
  for (const [name, options] of choices) {
    if (simple.has(name)) continue;
    sets = sets.flatMap((set) => options.map((option) => ({ ...set, [name]: option }))).slice(0, MAX_TEXTS);
  }
  if (simple.size === 0) return sets;
  return samples.flatMap((sample, index) =>
    sets.map((set) => {
      const values: Values = { ...set };
      for (const name of simple) {
        if (name in values) continue;
        values[name] = /month/i.test(name) ? months[index % months.length]! : sample;
      }
      return values;
    }),
  );
}
