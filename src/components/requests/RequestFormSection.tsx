import { getTranslations } from 'next-intl/server';

import { initialActionState, type FormValues } from '@/forms/form-core';
import { formText } from '@/forms/form-text';
import { listTours } from '@/content/tours';
import { locales, type Locale } from '@/i18n/locales';
import { freshStamp } from '@/lib/form-submission';
import { programmesBySchoolTour, requestFields, schoolProgrammes, type RequestKind } from '@/requests/schemas';

import { RequestForm } from './RequestForms.client';
import styles from './RequestFormSection.module.css';

const fieldNames = [
  'schoolName',
  'schoolPhone',
  'contactName',
  'email',
  'visitLanguage',
  'students',
  'studentsHint',
  'grade',
  'gradeHint',
  'teachers',
  'programme',
  'preferredDate',
  'alternativeDate',
  'comments',
  'organisation',
  'agency',
  'phone',
  'tour',
  'date',
  'groupSize',
  'agencyLicence',
  'name',
  'subject',
  'message',
] as const;

/**
 * A request form as one section of a page: heading, introduction and the form. The page stays
 * cached; the form posts to a server action, so it works with or without JavaScript.
 */
export async function RequestFormSection({
  kind,
  locale,
  schoolTour,
}: {
  kind: RequestKind;
  locale: Locale;
  /** On a school tour page: its slug, to preselect its programme. */
  schoolTour?: string;
}) {
  const t = await getTranslations({ locale, namespace: 'requests' });
  const labels = Object.fromEntries(fieldNames.map((name) => [name, t(`fields.${name}`)]));
  const emptyValues: FormValues = Object.fromEntries(requestFields[kind].map((name) => [name, '']));
  if (kind !== 'contact') emptyValues.visitLanguage = locale;
  if (kind === 'school') {
    emptyValues.programme = (schoolTour && programmesBySchoolTour[schoolTour]) || schoolProgrammes[0];
  }
  const tours = kind === 'group' || kind === 'agency' ? await listTours(locale) : [];
  const headingId = `request-${kind}-heading`;
  const heading = t(`${kind}.heading`);
  return (
    <section className={styles.section} aria-labelledby={headingId} id={`request-${kind}`}>
      <h2 id={headingId}>{heading}</h2>
      <p>{t(`${kind}.intro`)}</p>
      <RequestForm
        kind={kind}
        name={heading}
        submitLabel={t(`${kind}.submit`)}
        labels={labels}
        text={await formText(locale)}
        initialState={initialActionState({}, freshStamp())}
        emptyValues={emptyValues}
        locale={locale}
        languageOptions={locales.map((value) => ({ value, label: t(`languages.${value}`) }))}
        programmeOptions={schoolProgrammes.map((value) => ({ value, label: t(`programmes.${value}`) }))}
        tourOptions={[
          ...tours.map((tour) => ({ value: tour.slug, label: tour.title })),
          { value: 'other', label: t('otherTour') },
        ]}
        choose={t('choose')}
      />
    </section>
  );
}
