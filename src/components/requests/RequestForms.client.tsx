'use client';

import { Fragment, type ReactNode } from 'react';

import { lazySchema, type ActionState, type FormValues } from '@/forms/form-core';
import { Form, SelectField, TextAreaField, TextField } from '@/components/forms/Form.client';
import type { FormText } from '@/forms/text';
import { submitAgencyRequest, submitContactRequest, submitGroupRequest, submitSchoolRequest } from '@/requests/actions';
import { requestFields, type RequestField, type RequestKind } from '@/requests/fields';

// zod and the schemas load when a visitor starts filling in a form, not with the page.
const schemas = () => import('@/requests/schemas');
const schoolSchema = lazySchema(() => schemas().then((m) => m.schoolRequestSchema));
const contactSchema = lazySchema(() => schemas().then((m) => m.contactRequestSchema));
const groupSchema = lazySchema(() => schemas().then((m) => m.groupRequestSchema));
const agencySchema = lazySchema(() => schemas().then((m) => m.agencyRequestSchema));

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
/** A tour page's "ask for this tour" link fills these in (`requestTourHref`). */
const PREFILLED_BY_LINK = ['tour', 'date', 'groupSize'] as const;

export function RequestForm(props: RequestFormProps) {
  const { kind, labels: l } = props;
  const agency = kind === 'agency';
  const fieldLabels = Object.fromEntries(
    requestFields[kind].map((field) => [field, (agency && field === 'organisation' ? l.agency : l[field]) ?? field]),
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

  // Each field once; the shared list (requests/fields.ts) decides the order on the page.
  const inOrder = (fields: Partial<Record<RequestField, ReactNode>>) =>
    requestFields[kind].map((name) => <Fragment key={name}>{fields[name]}</Fragment>);

  if (kind === 'school') {
    return (
      <Form {...common} schema={schoolSchema} action={submitSchoolRequest}>
        {inOrder({
          schoolName: <TextField name="schoolName" label={l.schoolName!} required autoComplete="organization" />,
          schoolPhone: <TextField name="schoolPhone" label={l.schoolPhone!} required type="tel" autoComplete="tel" />,
          contactName: <TextField name="contactName" label={l.contactName!} required autoComplete="name" />,
          email: <TextField name="email" label={l.email!} required type="email" autoComplete="email" />,
          visitLanguage: (
            <SelectField name="visitLanguage" label={l.visitLanguage!} required options={props.languageOptions} />
          ),
          programme: <SelectField name="programme" label={l.programme!} required options={props.programmeOptions} />,
          students: (
            <TextField name="students" label={l.students!} hint={l.studentsHint} required inputMode="numeric" />
          ),
          teachers: <TextField name="teachers" label={l.teachers!} required inputMode="numeric" />,
          grade: <TextField name="grade" label={l.grade!} hint={l.gradeHint} required />,
          preferredDate: <TextField name="preferredDate" label={l.preferredDate!} required type="date" />,
          alternativeDate: <TextField name="alternativeDate" label={l.alternativeDate!} type="date" />,
          comments: <TextAreaField name="comments" label={l.comments!} maxLength={2000} />,
        })}
      </Form>
    );
  }

  if (kind === 'contact') {
    return (
      <Form {...common} schema={contactSchema} action={submitContactRequest}>
        {inOrder({
          name: <TextField name="name" label={l.name!} required autoComplete="name" />,
          email: <TextField name="email" label={l.email!} required type="email" autoComplete="email" />,
          phone: <TextField name="phone" label={l.phone!} type="tel" autoComplete="tel" />,
          subject: <TextField name="subject" label={l.subject!} />,
          message: <TextAreaField name="message" label={l.message!} required rows={7} maxLength={5000} />,
        })}
      </Form>
    );
  }

  return (
    <Form
      {...common}
      schema={agency ? agencySchema : groupSchema}
      action={agency ? submitAgencyRequest : submitGroupRequest}
      prefill={PREFILLED_BY_LINK}
    >
      {inOrder({
        organisation: (
          <TextField
            name="organisation"
            label={agency ? l.agency! : l.organisation!}
            required
            autoComplete="organization"
          />
        ),
        agencyLicence: <TextField name="agencyLicence" label={l.agencyLicence!} />,
        contactName: <TextField name="contactName" label={l.contactName!} required autoComplete="name" />,
        email: <TextField name="email" label={l.email!} required type="email" autoComplete="email" />,
        phone: <TextField name="phone" label={l.phone!} required type="tel" autoComplete="tel" />,
        tour: (
          <SelectField name="tour" label={l.tour!} required options={props.tourOptions} placeholder={props.choose} />
        ),
        date: <TextField name="date" label={l.date!} required type="date" />,
        groupSize: <TextField name="groupSize" label={l.groupSize!} required inputMode="numeric" />,
        visitLanguage: (
          <SelectField name="visitLanguage" label={l.visitLanguage!} required options={props.languageOptions} />
        ),
        comments: <TextAreaField name="comments" label={l.comments!} maxLength={2000} />,
      })}
    </Form>
  );
}
