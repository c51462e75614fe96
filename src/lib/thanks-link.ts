// Where the thank-you page finds the visitor's booking link (docs/decisions/123-thanks-link-in-the-fragment.md).
//
// The payment gateway returns the visitor to `/gracias?reserva=R&firma=S`: the query is the only
// place a gateway's return URL can carry it. But `/gracias` is a public page that Next, our
// origin's memory and nginx keep for everyone, and Next writes the URL it rendered, query
// included, into the page. So the proxy answers that address with a private redirect to
// `/gracias#reserva=R&firma=S`: a fragment never reaches a server, a cache or a Referer, and the
// page reads it in the browser. Shared by the proxy (server) and the page's script (browser).

const REFERENCE = /^[A-Z0-9-]{6,40}$/;
const SIGNATURE = /^[\w.-]{16,128}$/;

export type ThanksLink = { reference: string; signature: string };

/** The booking reference and signature in a query string or fragment, when both look right. */
export function readThanksLink(paramsText: string): ThanksLink | null {
  const params = new URLSearchParams(paramsText.replace(/^[?#]/, ''));
  const reference = params.get('reserva');
  const signature = params.get('firma');
  if (!reference || !signature || !REFERENCE.test(reference) || !SIGNATURE.test(signature)) return null;
  return { reference, signature };
}

/** The fragment that carries a thank-you link, without the leading `#`. */
export function thanksFragment({ reference, signature }: ThanksLink): string {
  return new URLSearchParams({ reserva: reference, firma: signature }).toString();
}
