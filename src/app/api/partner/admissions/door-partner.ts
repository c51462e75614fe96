/** The partner a door staff member works for (Users › Partner), or null when none is set. */
export function doorPartner(user: { partner?: unknown }): number | null {
  const partner = user.partner;
  if (typeof partner === 'number') return partner;
  if (partner && typeof partner === 'object' && 'id' in partner) return Number((partner as { id: unknown }).id);
  return null;
}
