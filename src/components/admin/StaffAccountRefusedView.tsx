import { Gutter } from '@payloadcms/ui';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import type { AdminViewServerProps } from 'payload';

import { staffView } from './view-context';

/**
 * What a signed-in member who may not create staff accounts sees on the Users "create" page.
 * Payload's own create view answers a missing `create` permission with its generic "not
 * authorised, sign in" (getDocumentView), which reads as if the session had ended; the admin page
 * (src/app/(payload)/admin/[[...segments]]/page.tsx) shows this view instead, at the same address.
 */
export default function StaffAccountRefusedView(props: AdminViewServerProps) {
  const view = staffView(props);
  // Reached at its own address by someone who may create accounts: the real form is theirs.
  if (view.can('users.manage')) redirect('/admin/collections/users/create');
  const { t } = view;
  return (
    <Gutter>
      <div className="ops" data-testid="staff-account-refused">
        <h1>{t.users.createForbidden}</h1>
        <p>{t.users.createForbiddenHelp}</p>
        <p>
          <Link className="ops-button" href="/admin/collections/users">
            {t.users.backToUsers}
          </Link>
        </p>
      </div>
    </Gutter>
  );
}
