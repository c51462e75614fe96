import { describe, expect, it } from 'vitest';

import { opsMessages } from '@/i18n/ops-messages';

import {
  actorText,
  auditActionText,
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
  });
});
