/** The admin components that show and take a cents field in euros (src/components/admin/EuroCents.client.tsx). */
export const euroCentsComponents = {
  Cell: '/components/admin/EuroCents.client#EuroCentsCell',
  Field: '/components/admin/EuroCents.client#EuroCentsField',
} as const;
