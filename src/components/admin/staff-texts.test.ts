import { describe, expect, it } from 'vitest';

import { opsMessages } from '@/i18n/ops-messages';

import {
  actorText,
  auditActionText,
  auditReasonText,
  auditSubjectText,
  emailStatusText,
  gatewayCodeText,
  languageName,
  paymentOutcomeText,
  paymentReasonText,
} from './staff-texts';

const ca = opsMessages('ca');
const es = opsMessages('es');

describe('the codes the shop stores, in the staff member’s words', () => {
  it('names a visitor’s language instead of its code', () => {
    expect(languageName('fr', 'ca')).toBe('Francès');
    expect(languageName('ca', 'es')).toBe('Catalán');
  });

  it('translates payment outcomes, e-mail states, the shop’s own reasons and a refund by hand', () => {
    expect(paymentOutcomeText('confirmed', '0000', ca)).toBe('confirmat (codi del banc 0000)');
    expect(paymentOutcomeText('started', null, es)).toBe('iniciado');
    expect(paymentOutcomeText('rejected:signature', null, ca)).toBe('rebutjat (no verificat)');
    expect(emailStatusText('sent', ca)).toBe('enviat');
    expect(paymentReasonText('price difference of a move', es)).toBe('diferencia de precio de un cambio');
    expect(paymentReasonText('invoice:Viatges Mar', ca)).toBe('factura a Viatges Mar');
    expect(paymentReasonText('el client ho ha demanat', ca)).toBe('el client ho ha demanat');
    expect(gatewayCodeText('manual', ca)).toBe('retornat a mà');
  });

  it('says who and what instead of user:3 and booking.moved', () => {
    expect(actorText('user:3', new Map([['user:3', 'Jordi Taquilla']]), ca)).toBe('Jordi Taquilla');
    expect(actorText('visitor', new Map(), es)).toBe('El cliente (web)');
    expect(actorText('system:retention', new Map(), ca)).toBe('El sistema');
    expect(auditActionText('booking.moved', ca, 'ca')).toBe('Reserva canviada de sortida');
    expect(auditActionText('till.closed', es, 'es')).toBe('Caja cerrada');
    expect(auditActionText('tours.updated', ca, 'ca')).toBe('Excursions: modificat');
    // Content and settings changes (decision 169): a page's, a redirect's, a global's.
    expect(auditActionText('pages.deleted', ca, 'ca')).toMatch(/^Pàgines: /);
    expect(auditActionText('site.updated', ca, 'ca')).toMatch(/^Web: /);
    expect(auditActionText('home.updated', es, 'es')).toMatch(/^Portada: /);
    expect(auditActionText('privacy.retention', ca, 'ca')).toBe('Esborrat de dades personals antigues');
  });

  it('translates every reason the shop writes in the log, and keeps what staff typed', () => {
    // A departure cancelled for wind read "wind" on a Catalan screen.
    expect(auditReasonText('wind', ca)).toBe('Vent');
    expect(auditReasonText('other', ca)).toBe('Altres');
    expect(auditReasonText('seaState', es)).toBe('Estado del mar');
    expect(auditReasonText('departureCancelled', ca)).toBe('sortida cancel·lada');
    expect(auditReasonText('timetable', ca)).toBe('canvi d’horari');
    expect(auditReasonText('closedDay', es)).toBe('día cerrado');
    expect(auditReasonText('price difference of a move', ca)).toBe("diferència de preu d'un canvi");
    expect(auditReasonText('el client ho ha demanat', ca)).toBe('el client ho ha demanat');
    expect(auditReasonText(undefined, ca)).toBe('');
    for (const language of ['ca', 'es', 'en', 'fr'] as const) {
      const t = opsMessages(language);
      for (const reason of ['wind', 'seaState', 'technical', 'other', 'departureCancelled', 'timetable', 'closedDay']) {
        expect(auditReasonText(reason, t)).not.toBe(reason);
      }
    }
  });

  it('names a record or a job instead of tours:3 or job:applyRetention', () => {
    expect(auditSubjectText('tours:3', ca, 'ca')).toBe('Excursió, núm. 3');
    expect(auditSubjectText('job:applyRetention', ca, 'ca')).toBe('Tasca automàtica');
    expect(auditSubjectText('site:1', es, 'es')).toBe('Web, n.º 1');
  });
});
