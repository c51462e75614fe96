import { describe, expect, it } from 'vitest';

import messages from '@/i18n/messages/forms/ca.json';

import { requestEmails, type StoredRequest } from './emails';
import { requestFields } from './schemas';

const labels = messages.requests.fields as Record<string, string>;

const school: StoredRequest = {
  id: 12,
  kind: 'school',
  locale: 'en',
  title: 'Escola del Mar',
  contactName: 'Marta Puig',
  email: 'marta@example.com',
  data: {
    schoolName: 'Escola del Mar',
    schoolPhone: '+34 933 000 000',
    contactName: 'Marta Puig',
    email: 'marta@example.com',
    visitLanguage: 'ca',
    programme: 'port-at-sight-60',
    students: 48,
    teachers: 3,
    grade: '5th of primary',
    preferredDate: '2027-05-04',
    alternativeDate: '2027-05-11',
    comments: 'Two pupils use wheelchairs.',
  },
};

/** Where each field's label line starts in the e-mail text. */
function labelPositions(text: string, fields: readonly string[]): number[] {
  return fields.map((field) => text.indexOf(`\n${labels[field]}: `));
}

describe('request e-mails', () => {
  it('list the school answers to the operator in the order of the form', async () => {
    // The operator reads it in Catalan; the visitor's acknowledgement quotes none of the answers.
    const { operator, visitor } = await requestEmails(school);
    expect(visitor.text).not.toContain('Two pupils use wheelchairs.');
    const positions = labelPositions(operator.text, requestFields.school);
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // The drift this guards against: the form asks the programme before the number of students.
    expect(operator.text.indexOf(`\n${labels.programme}: `)).toBeLessThan(
      operator.text.indexOf(`\n${labels.students}: `),
    );
  });
});
