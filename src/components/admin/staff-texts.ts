import { collectionLabels, globalLabels, type AdminLanguage } from '@/collections/labels';
import type { Locale } from '@/i18n/locales';
import type { OpsMessages } from '@/i18n/ops-messages';
import { fill } from '@/lib/icu-lite';

/**
 * The codes the shop stores (payment outcomes, e-mail states, reasons it writes itself, audit
 * actions, language codes) in the staff member's words: a Catalan screen shows "enviat", not
 * "sent", and "francès", not "fr".
 */

/** A visitor's language by name, in the staff member's language ("francès" for `fr` on a Catalan screen). */
export function languageName(code: string, language: Locale): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(language) + name.slice(1) : code;
  } catch {
    return code;
  }
}

/** What the payment log says of an attempt or a bank's notification, with the bank's answer code. */
export function paymentOutcomeText(outcome: string, responseCode: string | null, t: OpsMessages): string {
  const outcomes = t.booking.paymentOutcomes;
  const key = outcome.startsWith('rejected:') ? 'rejected' : outcome;
  const text = key in outcomes ? outcomes[key as keyof typeof outcomes] : outcome;
  return responseCode ? `${text} (${fill(t.booking.bankCode, { code: responseCode })})` : text;
}

export function emailStatusText(status: string, t: OpsMessages): string {
  const statuses = t.booking.emailStatuses;
  return status in statuses ? statuses[status as keyof typeof statuses] : status;
}

/** The reason of a payment event: the ones the shop writes are translated, what staff typed is theirs. */
export function paymentReasonText(reason: string | null, t: OpsMessages): string {
  if (!reason) return '';
  if (reason === 'price difference of a move') return t.booking.reasons.moveDifference;
  if (reason.startsWith('invoice:')) return fill(t.booking.reasons.invoice, { to: reason.slice('invoice:'.length) });
  return reason;
}

/** A payment event's gateway code: the bank's code, or "given back by hand" for a refund at the desk. */
export function gatewayCodeText(code: string, t: OpsMessages): string {
  return code === 'manual' ? t.booking.handRefund : fill(t.booking.bankCode, { code });
}

/** An audit action in words: the domain's events by name, a record's change by its collection's label. */
export function auditActionText(action: string, t: OpsMessages, language: Locale): string {
  const [kind = '', event = ''] = action.split('.');
  const events = (t.audit.actions as Record<string, Record<string, string> | undefined>)[kind];
  const named = events?.[event];
  if (named) return named;
  const match = /^(.+)\.(created|updated|deleted)$/.exec(action);
  if (match) {
    // A global's change (site settings, home page) by the global's own label (decision 169).
    const label =
      collectionLabels[match[1]!]?.plural[language as AdminLanguage] ??
      globalLabels[match[1]!]?.[language as AdminLanguage] ??
      match[1]!;
    return fill(t.audit[match[2] as 'created' | 'updated' | 'deleted'], { collection: label });
  }
  return action;
}

/**
 * Why, in an audit entry: the codes the shop writes (a departure's cancellation reason, a booking
 * cancelled with its departure, a timetable change) in the staff member's words; what staff typed
 * themselves is theirs. Without this the log read "wind" and "other" on a Catalan screen.
 */
export function auditReasonText(reason: unknown, t: OpsMessages): string {
  if (typeof reason !== 'string') return '';
  const departure = t.board.reasons as Record<string, string>;
  const shop = t.audit.reasons as Record<string, string>;
  // The log's own wording first (lower case, inside a sentence); the board's option labels after.
  return shop[reason] ?? departure[reason] ?? paymentReasonText(reason, t);
}

/** What an entry is about, when it is no booking, departure or till: a record by its collection's name. */
export function auditSubjectText(subject: string, t: OpsMessages, language: Locale): string {
  const colon = subject.indexOf(':');
  const [kind, id] = [subject.slice(0, colon), subject.slice(colon + 1)];
  if (kind === 'job') return t.audit.jobSubject;
  const label =
    collectionLabels[kind]?.singular[language as AdminLanguage] ?? globalLabels[kind]?.[language as AdminLanguage];
  return label ? fill(t.audit.recordSubject, { collection: label, id }) : subject;
}

/** Who did it: a staff member by name (from `names`), else the customer, a reseller or the system. */
export function actorText(actor: string, names: ReadonlyMap<string, string>, t: OpsMessages): string {
  const named = names.get(actor);
  if (named) return named;
  if (actor === 'visitor') return t.audit.visitor;
  if (actor.startsWith('reseller')) return t.audit.reseller;
  if (actor === 'system' || actor.startsWith('system:')) return t.audit.system;
  return actor;
}
