import { madridToday, type LocalDate } from '@/i18n/time';

/**
 * Who on the staff may do what: the one place that names roles against actions
 * (docs/decisions/129-one-staff-policy.md). Route handlers ask through `staffRoute`
 * (src/security/staff-route.ts), Payload's collections through `allow` (src/collections/access.ts),
 * views and domain code by calling `can` themselves. Pure: no database, no Payload, no request.
 *
 * `admin` does everything, users and settings included; `office` runs bookings, departures,
 * timetables, requests and content; `crew` boards passengers and reads the manifests of today's
 * departures, nothing else (docs/domain-rules.md, Staff roles).
 */
export const roles = ['admin', 'office', 'crew', 'partner'] as const;
export type Role = (typeof roles)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/** Our own staff: every role but a partner's door staff, who see only their partner's admissions. */
const all: readonly Role[] = ['admin', 'office', 'crew'];
/** A partner's door staff (issue 44), tied to their partner on their user. */
const partnerDoor: readonly Role[] = ['partner'];
const desk: readonly Role[] = ['admin', 'office'];
const adminOnly: readonly Role[] = ['admin'];

/**
 * Every action and the roles allowed it. Named after what the staff member does, not after the
 * endpoint: several endpoints (and collections) share one action.
 */
const grants = {
  // The gangway and the day's sailings: the crew's whole job.
  /** Scan or sync check-ins, read a departure's boarding list, pick one of today's departures. */
  'boarding.scan': all,
  /** A departure's passenger list (JSON, CSV or the admin view). */
  'manifest.read': all,
  /** The board of a day's departures with seats, persons on board and weather. */
  'today.read': all,
  /** The wind thresholds and other operations settings the today board shows. */
  'settings.read': all,

  // Bookings.
  /** Search bookings, read one with its tickets, payments, e-mails, moves. */
  'booking.read': desk,
  /** Sell at the box office or on the phone. */
  'booking.sell': desk,
  /** Correct the lead's name, e-mail or phones. */
  'booking.correct': desk,
  'booking.cancel': desk,
  /** Move to another departure, or withdraw a move offered by payment link. */
  'booking.move': desk,
  /** See failed refunds and ask the gateway again. */
  'booking.refund': desk,
  /** Choose for a disrupted visitor: another departure or the refund. */
  'booking.resolveDisruption': desk,
  /** Issue a fresh booking link, or e-mail the tickets again. */
  'booking.sendLink': desk,
  /** Erase a visitor's personal data on request. */
  'booking.anonymise': desk,

  // Departures, timetables, closed days.
  /** A day's departures with seats free, who a cancellation disrupted. */
  'departure.read': desk,
  /** Add, close, reopen, cancel a departure, change its capacity; timetables and closed days. */
  'departure.manage': desk,
  /** The operations settings (wind thresholds). */
  'settings.manage': desk,

  // The office's paperwork.
  'cashUp.read': desk,
  /** The log of a booking, and of one's own day (the whole log and other people's days: `audit.read`). */
  'audit.office': desk,
  /** Count a staff member's till, close the till session (its Z report). */
  'till.close': desk,
  'reports.read': desk,
  /** Invoices (VERI*FACTU records); invoicing comes next. */
  'invoices.read': desk,
  /** Annul an invoice issued in error, or correct and re-send a record the AEAT refused. */
  'invoices.correct': adminOnly,
  /** Resellers and their webhooks, their monthly statements. */
  'resellers.read': desk,
  /** Create or change a reseller, its API keys and webhook secret. */
  'resellers.manage': adminOnly,
  /** Partners of combined tours, their agreements, supplied codes and admissions (issue 44). */
  'partners.read': desk,
  /** Create or change a partner and its agreement, add supplied codes. */
  'partners.manage': adminOnly,
  /**
   * At a partner's door: check its own admissions (scan, type, the day's list, sync). Only for a
   * user tied to a partner (Users › Partner); an admin may be, to try a door out.
   */
  'admissions.check': ['admin', ...partnerDoor],

  // The public site's content, the visitors' requests, what the shop sent them.
  'content.manage': desk,
  /**
   * Delete a page, a tour, a school tour, a boarding point or a boat (one at a time; nobody deletes
   * content in bulk). Office staff edit them; a slip or a stolen office password must not take the
   * site down (issue 42).
   */
  'content.delete': adminOnly,
  /** Name the outside hosts a redirect may send visitors to (site settings). */
  'redirects.allowHosts': adminOnly,
  'requests.manage': desk,
  /** The e-mails the shop sent (tickets, replies, notices) and their .eml files. */
  'mail.read': desk,

  // Admin only.
  /** Other users, their roles; Payload's job statistics. */
  'users.manage': adminOnly,
  'audit.read': adminOnly,
  /** Delete records kept for the office's history (requests, e-mails sent, webhook deliveries). */
  'records.delete': adminOnly,
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof grants;
export const actions = Object.keys(grants) as Action[];

/** Roles whose reach stops at the day they sail: a departure of another Madrid day is not theirs. */
const todayOnly: readonly Role[] = ['crew'];

/**
 * What an action touches, where the answer depends on it. `sailsOn`: the Madrid date of the
 * departure (or of the day's board) the action is about.
 */
export type Resource = { sailsOn: LocalDate };

/** Anything with a role: a Payload user, a `req.user`, the boarding's staff member. */
export type WithRole = { role?: string | null } | null | undefined;

/**
 * May this user do this action (to this resource, at `now`)? Without a resource the answer is
 * whether the role may do it at all; with one, whether it may do it to that one: the crew only to
 * a departure that sails today, Madrid time, whatever the server's clock zone.
 */
export function can(user: WithRole, action: Action, resource?: Resource, now: Date = new Date()): boolean {
  const role = user?.role;
  if (!isRole(role)) return false;
  if (!(grants[action] as readonly Role[]).includes(role)) return false;
  if (resource && todayOnly.includes(role)) return resource.sailsOn === madridToday(now);
  return true;
}

/** Whether a user's role is a partner's door staff's, who must be tied to one partner (Users › Partner). */
export function isPartnerDoorRole(user: WithRole): boolean {
  const role = user?.role;
  return isRole(role) && partnerDoor.includes(role);
}

/** The roles allowed an action: for documentation and for the admin UI's labels. */
export function rolesFor(action: Action): readonly Role[] {
  return grants[action];
}
