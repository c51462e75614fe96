import { notFound } from 'next/navigation';

/** Any path the route table does not know ends on the localized 404 page. */
export default function UnknownPage() {
  notFound();
}
