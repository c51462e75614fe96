import { describe, expect, it } from 'vitest';

import { validate } from '@/forms/form-core';
import { addDays, madridToday } from '@/i18n/time';

import {
  agencyRequestSchema,
  contactRequestSchema,
  groupRequestSchema,
  kindsStoring,
  requestFields,
  requestKinds,
  requestSchemas,
  schoolRequestSchema,
} from './schemas';

const future = addDays(madridToday(new Date()), 30);
const yesterday = addDays(madridToday(new Date()), -1);

const school = {
  schoolName: 'Escola del Mar',
  schoolPhone: '+34 933 000 000',
  contactName: 'Marta Puig',
  email: 'marta@escola.example',
  visitLanguage: 'ca',
  students: '40',
  grade: '5è de primària',
  teachers: '3',
  programme: 'port-at-sight-60',
  preferredDate: future,
  alternativeDate: '',
  comments: '',
};

describe('school request schema', () => {
  it('accepts a complete request and turns counts into numbers', () => {
    const result = validate(schoolRequestSchema, school);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data).toMatchObject({ students: 40, teachers: 3, alternativeDate: '' });
  });

  it('refuses 39 students with the spec message code', () => {
    expect(validate(schoolRequestSchema, { ...school, students: '39' }).errors).toEqual({ students: 'minStudents' });
  });

  it('reports each empty required field as required, and optional ones not at all', () => {
    const empty = Object.fromEntries(Object.keys(school).map((key) => [key, '']));
    const { errors } = validate(schoolRequestSchema, empty);
    expect(errors).toEqual({
      schoolName: 'required',
      schoolPhone: 'required',
      contactName: 'required',
      email: 'required',
      visitLanguage: 'required',
      students: 'required',
      grade: 'required',
      teachers: 'required',
      programme: 'required',
      preferredDate: 'required',
    });
  });

  it('flags a bad e-mail, a non-number, a bad phone, a past date and a foreign option', () => {
    const { errors } = validate(schoolRequestSchema, {
      ...school,
      email: 'marta@',
      students: '4O',
      schoolPhone: 'call me',
      preferredDate: yesterday,
      alternativeDate: '2026-02-30',
      programme: 'submarine',
    });
    expect(errors).toEqual({
      email: 'email',
      students: 'number',
      schoolPhone: 'phone',
      preferredDate: 'datePast',
      alternativeDate: 'date',
      programme: 'option',
    });
  });

  it('refuses an e-mail carrying a header injection', () => {
    expect(validate(schoolRequestSchema, { ...school, email: 'a@b.example\r\nBcc: victim@c.example' }).errors).toEqual({
      email: 'email',
    });
  });

  it('limits text lengths', () => {
    expect(validate(schoolRequestSchema, { ...school, comments: 'x'.repeat(2001) }).errors).toEqual({
      comments: 'tooLong',
    });
  });
});

describe('group, agency and contact schemas', () => {
  const group = {
    organisation: 'Casal Gent Gran',
    contactName: 'Joan',
    email: 'joan@casal.example',
    phone: '600 000 000',
    tour: 'barcelona-port-40-min',
    date: future,
    groupSize: '25',
    visitLanguage: 'es',
    comments: '',
  };

  it('accepts a group, and an agency with or without a licence number', () => {
    expect(validate(groupRequestSchema, group).ok).toBe(true);
    expect(validate(agencyRequestSchema, { ...group, agencyLicence: 'GC-001234' }).ok).toBe(true);
    expect(validate(agencyRequestSchema, group).ok).toBe(true);
  });

  it('needs a group of at least one person and a tour', () => {
    expect(validate(groupRequestSchema, { ...group, groupSize: '0', tour: '' }).errors).toEqual({
      groupSize: 'min',
      tour: 'required',
    });
  });

  it('contact needs name, e-mail and message; phone and subject are optional', () => {
    expect(validate(contactRequestSchema, { name: 'Ana', email: 'ana@x.example', message: 'Hola' }).ok).toBe(true);
    expect(validate(contactRequestSchema, { name: '', email: 'nope', message: ' ' }).errors).toEqual({
      name: 'required',
      email: 'email',
      message: 'required',
    });
    expect(
      validate(contactRequestSchema, { name: 'Ana', email: 'ana@x.example', message: 'x'.repeat(5001) }).errors,
    ).toEqual({ message: 'tooLong' });
  });
});

describe('requestFields', () => {
  it.each(requestKinds)('lists every field of the %s schema exactly once', (kind) => {
    const listed = [...requestFields[kind]];
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.sort()).toEqual(Object.keys(requestSchemas[kind].shape).sort());
  });
});

describe('kindsStoring', () => {
  it('shows staff each column for exactly the kinds whose form asks it', () => {
    expect(
      Object.fromEntries(
        [
          'phone',
          'organisation',
          'organisationPhone',
          'agencyLicence',
          'visitLanguage',
          'students',
          'programme',
          'tour',
          'groupSize',
          'preferredDate',
          'alternativeDate',
          'subject',
          'message',
        ].map((column) => [column, kindsStoring(column)]),
      ),
    ).toEqual({
      phone: ['group', 'agency', 'contact'],
      organisation: ['school', 'group', 'agency'],
      organisationPhone: ['school'],
      agencyLicence: ['agency'],
      visitLanguage: ['school', 'group', 'agency'],
      students: ['school'],
      programme: ['school'],
      tour: ['group', 'agency'],
      groupSize: ['group', 'agency'],
      preferredDate: ['school', 'group', 'agency'],
      alternativeDate: ['school'],
      subject: ['contact'],
      message: ['school', 'group', 'agency', 'contact'],
    });
  });
});
