import type { CollectionConfig, Field } from 'payload';

const Cell = '/components/admin/MadridDate.client#MadridDateCell';
const Field = '/components/admin/MadridDate.client#MadridDateField';

function onMadridClock(field: Field): Field {
  if (field.type !== 'date') return field;
  const readOnly = field.admin?.readOnly === true;
  return {
    ...field,
    admin: {
      ...field.admin,
      components: { ...field.admin?.components, Cell, ...(readOnly ? { Field } : {}) },
    },
  };
}

/**
 * Every instant a collection shows (its own date fields and the createdAt/updatedAt Payload adds)
 * in Europe/Madrid time in the list and, when read-only, on the edit page. The timestamps are
 * declared here exactly as Payload would add them (same names, type, index, order), so the schema
 * and the migrations do not change; only their admin components do.
 */
export function withMadridDates(collection: CollectionConfig): CollectionConfig {
  const fields = collection.fields.map(onMadridClock);
  if (collection.timestamps !== false) {
    const has = (name: string) => fields.some((f) => 'name' in f && f.name === name);
    const timestamp = (name: 'updatedAt' | 'createdAt'): Field => ({
      name,
      type: 'date',
      index: true,
      label: ({ t }) => t(`general:${name}`),
      admin: { disableBulkEdit: true, hidden: true, components: { Cell } },
    });
    if (!has('updatedAt')) fields.push(timestamp('updatedAt'));
    if (!has('createdAt')) fields.push(timestamp('createdAt'));
  }
  return { ...collection, fields };
}
