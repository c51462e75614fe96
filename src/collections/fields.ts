import type { TextField } from 'payload';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** URL slugs are shared by all four locales (docs/domain-rules.md#site-behaviour: one path per page). */
export function slugField(): TextField {
  return {
    name: 'slug',
    type: 'text',
    required: true,
    unique: true,
    index: true,
    admin: { position: 'sidebar', description: 'Part of the address: lowercase letters, digits and hyphens.' },
    validate: (value: string | null | undefined) =>
      value && SLUG.test(value) ? true : 'Use lowercase letters, digits and single hyphens only.',
  };
}
