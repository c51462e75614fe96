import http2 from 'node:http2';

/**
 * A pass update push: an empty notification to each device, over HTTP/2 with the Pass Type ID
 * certificate as the TLS client certificate (certificate-based APNs), topic = the pass type.
 * The phone then asks our web service what changed. An `http://` endpoint (tests only) speaks
 * HTTP/2 without TLS.
 */

export type PushResult = { token: string; status: number; reason?: string };

export async function pushPassUpdate(
  input: { apnsUrl: string; passTypeId: string; certificatePem: string; privateKeyPem: string },
  tokens: readonly string[],
  timeoutMs = 10_000,
): Promise<PushResult[]> {
  if (tokens.length === 0) return [];
  const tls = input.apnsUrl.startsWith('https:') ? { cert: input.certificatePem, key: input.privateKeyPem } : {};
  const session = http2.connect(input.apnsUrl, tls);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('APNs connection timed out')), timeoutMs);
      session.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      session.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    return await Promise.all(tokens.map((token) => send(session, input.passTypeId, token, timeoutMs)));
  } finally {
    session.close();
  }
}

function send(session: http2.ClientHttp2Session, topic: string, token: string, timeoutMs: number): Promise<PushResult> {
  return new Promise((resolve, reject) => {
    const request = session.request({
      ':method': 'POST',
      ':path': `/3/device/${encodeURIComponent(token)}`,
      'apns-topic': topic,
      'apns-push-type': 'background',
      'content-type': 'application/json',
    });
    request.setTimeout(timeoutMs, () => request.close(http2.constants.NGHTTP2_CANCEL));
    let status = 0;
    let body = '';
    request.on('response', (headers) => {
      status = Number(headers[':status']);
    });
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      let reason: string | undefined;
      try {
        reason = body ? (JSON.parse(body) as { reason?: string }).reason : undefined;
      } catch {
        reason = undefined;
      }
      if (status === 0) reject(new Error('APNs gave no answer'));
      else resolve({ token, status, ...(reason ? { reason } : {}) });
    });
    request.on('error', reject);
    request.end('{}');
  });
}
