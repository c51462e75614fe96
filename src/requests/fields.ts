/**
 * The request forms' kinds and fields, apart from the zod schemas (schemas.ts, which checks these
 * lists against them) so the browser renders the forms without loading zod up front.
 */
export const requestKinds = ['school', 'group', 'agency', 'contact'] as const;
export type RequestKind = (typeof requestKinds)[number];

/**
 * Each form's fields in the order the visitor meets them: the form renders them in this order
 * and the e-mails list the answers in it. Every schema field appears exactly once (tested).
 */
export const requestFields = {
  school: [
    'schoolName',
    'schoolPhone',
    'contactName',
    'email',
    'visitLanguage',
    'programme',
    'students',
    'teachers',
    'grade',
    'preferredDate',
    'alternativeDate',
    'comments',
  ],
  group: ['organisation', 'contactName', 'email', 'phone', 'tour', 'date', 'groupSize', 'visitLanguage', 'comments'],
  agency: [
    'organisation',
    'agencyLicence',
    'contactName',
    'email',
    'phone',
    'tour',
    'date',
    'groupSize',
    'visitLanguage',
    'comments',
  ],
  contact: ['name', 'email', 'phone', 'subject', 'message'],
} as const;
export type RequestField = (typeof requestFields)[RequestKind][number];
