'use client';

import type { ActionState, FormValues } from '@/components/forms/form-core';
import { Form, SelectField, TextAreaField, TextField } from '@/components/forms/Form.client';
import type { FormText } from '@/components/forms/text';
import { submitAgencyRequest, submitContactRequest, submitGroupRequest, submitSchoolRequest } from '@/requests/actions';
import {
  agencyRequestSchema,
  contactRequestSchema,
  groupRequestSchema,
  schoolRequestSchema,
  type RequestKind,
} from '@/requests/schemas';

type Option = { value: string; label: string };

export type RequestFormProps = {
  kind: RequestKind;
  name: string;
  submitLabel: string;
  labels: Record<string, string>;
  text: FormText;
  initialState: ActionState;
  emptyValues: FormValues;
  locale: string;
  languageOptions: Option[];
  programmeOptions: Option[];
  tourOptions: Option[];
  choose: string;
};

/** The school, group, agency and contact forms: the shared form layer with each form's fields. */
export function RequestForm(props: RequestFormProps) {
  const { kind, labels: l } = props;
  const agency = kind === 'agency';
  const order: Record<RequestKind, string[]> = {
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
  };
  const fieldLabels = Object.fromEntries(
    order[kind].map((field) => [field, (agency && field === 'organisation' ? l.agency : l[field]) ?? field]),
  );
  const common = {
    fieldLabels,
    name: props.name,
    text: props.text,
    initialState: props.initialState,
    emptyValues: props.emptyValues,
    submitLabel: props.submitLabel,
    hidden: { locale: props.locale },
    stampUrl: '/api/forms/stamp',
  };

  if (kind === 'school') {
    return (
      <Form {...common} schema={schoolRequestSchema} action={submitSchoolRequest}>
        <TextField name="schoolName" label={l.schoolName!} required autoComplete="organization" />
        <TextField name="schoolPhone" label={l.schoolPhone!} required type="tel" autoComplete="tel" />
        <TextField name="contactName" label={l.contactName!} required autoComplete="name" />
        <TextField name="email" label={l.email!} required type="email" autoComplete="email" />
        <SelectField name="visitLanguage" label={l.visitLanguage!} required options={props.languageOptions} />
        <SelectField name="programme" label={l.programme!} required options={props.programmeOptions} />
        <TextField name="students" label={l.students!} hint={l.studentsHint} required inputMode="numeric" />
        <TextField name="teachers" label={l.teachers!} required inputMode="numeric" />
        <TextField name="grade" label={l.grade!} hint={l.gradeHint} required />
        <TextField name="preferredDate" label={l.preferredDate!} required type="date" />
        <TextField name="alternativeDate" label={l.alternativeDate!} type="date" />
        <TextAreaField name="comments" label={l.comments!} maxLength={2000} />
      </Form>
    );
  }

  if (kind === 'contact') {
    return (
      <Form {...common} schema={contactRequestSchema} action={submitContactRequest}>
        <TextField name="name" label={l.name!} required autoComplete="name" />
        <TextField name="email" label={l.email!} required type="email" autoComplete="email" />
        <TextField name="phone" label={l.phone!} type="tel" autoComplete="tel" />
        <TextField name="subject" label={l.subject!} />
        <TextAreaField name="message" label={l.message!} required rows={7} maxLength={5000} />
      </Form>
    );
  }

  return (
    <Form
      {...common}
      schema={agency ? agencyRequestSchema : groupRequestSchema}
      action={agency ? submitAgencyRequest : submitGroupRequest}
    >
      <TextField
        name="organisation"
        label={agency ? l.agency! : l.organisation!}
        required
        autoComplete="organization"
      />
      {agency ? <TextField name="agencyLicence" label={l.agencyLicence!} /> : null}
      <TextField name="contactName" label={l.contactName!} required autoComplete="name" />
      <TextField name="email" label={l.email!} required type="email" autoComplete="email" />
      <TextField name="phone" label={l.phone!} required type="tel" autoComplete="tel" />
      <SelectField name="tour" label={l.tour!} required options={props.tourOptions} placeholder={props.choose} />
      <TextField name="date" label={l.date!} required type="date" />
      <TextField name="groupSize" label={l.groupSize!} required inputMode="numeric" />
      <SelectField name="visitLanguage" label={l.visitLanguage!} required options={props.languageOptions} />
      <TextAreaField name="comments" label={l.comments!} maxLength={2000} />
    </Form>
  );
}
