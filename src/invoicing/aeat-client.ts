import type { ClientRequest } from 'node:http';
import { Agent, request } from 'node:https';

/**
 * Posts one RegFactuSistemaFacturacion SOAP request to the AEAT over mutual TLS: the AEAT identifies
 * who sends by the client certificate (the operator's, or a seal certificate on the www10/prewww10
 * hosts), a PKCS#12 file with its passphrase. No answer is interpreted here (see aeat-answer.ts): a
 * SOAP fault comes back with HTTP 500 and is returned like any other answer.
 */

/** The AEAT's VERI*FACTU endpoints (SistemaFacturacion.wsdl, tikeV1.0). */
export const AEAT_ENDPOINTS = {
  production: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  /** For a certificado de sello (company seal certificate). */
  productionSeal: 'https://www10.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  /** The AEAT's test service: no tax effect. */
  test: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  testSeal: 'https://prewww10.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
} as const;

export const DEFAULT_TIMEOUT_MS = 60_000;

export type SubmitOptions = {
  endpoint: string;
  /** The PKCS#12 (.p12/.pfx) holding the client certificate and its private key. */
  pfx: Buffer;
  passphrase: string;
  /** Whole exchange, connection to last byte. */
  timeoutMs?: number;
  /**
   * Extra trusted roots for the server's certificate. Node's own roots already trust the AEAT's; this
   * is for tests against a local server with a throwaway CA.
   */
  ca?: Buffer | string;
};

export type RawAnswer = { status: number; contentType: string | null; body: string };

export class AeatTransportError extends Error {
  override name = 'AeatTransportError';
}

/**
 * Sends the SOAP request and returns the AEAT's raw answer. Throws AeatTransportError when there is no
 * answer to read (TLS refused, connection lost, timeout): then the sender cannot know whether anything
 * was recorded, and retries the same records (the AEAT answers 3000 for those it already holds).
 */
export function submitBatch(xml: string, options: SubmitOptions): Promise<RawAnswer> {
  const url = new URL(options.endpoint);
  if (url.protocol !== 'https:') {
    return Promise.reject(new AeatTransportError(`The AEAT is reached over HTTPS only, not ${url.protocol}`));
  }
  const body = Buffer.from(xml, 'utf8');
  // A fresh agent per batch: the certificate may change (renewal) and batches are minutes apart, so
  // there is nothing to gain from keeping a TLS session around.
  const agent = new Agent({
    pfx: options.pfx,
    passphrase: options.passphrase,
    ...(options.ca ? { ca: options.ca } : {}),
    keepAlive: false,
  });
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return new Promise<RawAnswer>((resolve, reject) => {
    let req: ClientRequest | undefined;
    const timer = setTimeout(() => {
      req?.destroy();
      fail(`No answer from ${url.host} within ${timeoutMs} ms`);
    }, timeoutMs);
    const fail = (message: string, cause?: unknown) => {
      clearTimeout(timer);
      agent.destroy();
      reject(new AeatTransportError(message, cause === undefined ? undefined : { cause }));
    };
    try {
      req = request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'text/xml; charset=utf-8',
            'content-length': body.length,
            // SOAP 1.1 requires the header; the AEAT's binding is document/literal and routes on the body.
            soapaction: '""',
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) => fail(`The AEAT's answer broke off: ${error.message}`, error));
          res.on('end', () => {
            clearTimeout(timer);
            agent.destroy();
            resolve({
              status: res.statusCode ?? 0,
              contentType: res.headers['content-type'] ?? null,
              body: Buffer.concat(chunks).toString('utf8'),
            });
          });
        },
      );
    } catch (error) {
      // A PKCS#12 that does not open (wrong passphrase, not a PKCS#12) fails here, before any I/O.
      fail(`Could not use the client certificate: ${error instanceof Error ? error.message : String(error)}`, error);
      return;
    }
    req.on('error', (error) => fail(`Could not reach ${url.host}: ${error.message}`, error));
    req.end(body);
  });
}
