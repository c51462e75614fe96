// Apple's push service and Google's Wallet API as the e2e server sees them: local stand-ins, so
// that a moved booking's pass updates go somewhere on this machine and never to Apple or Google.
// APNs: HTTP/2 without TLS, 200 for every push. Google: the OAuth token endpoint, the class insert
// (200) and the object update (404: the e2e visitor never saved the pass in a real Google Wallet).
// GET /pushes on the Google stand-in lists the pushes received, for the tests to read.
import { createServer } from 'node:http';
import http2 from 'node:http2';

export function startWalletStubs(apnsPort, googlePort) {
  const pushes = [];
  const apns = http2.createServer();
  apns.on('stream', (stream, headers) => {
    pushes.push({ path: headers[':path'], topic: headers['apns-topic'], at: new Date().toISOString() });
    stream.respond({ ':status': 200 });
    stream.end();
  });
  apns.listen(apnsPort, '127.0.0.1');
  const google = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url === '/pushes') {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(pushes));
      } else if (request.url === '/token') {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ access_token: 'e2e-access-token', expires_in: 3600 }));
      } else if (request.method === 'POST' && request.url?.startsWith('/walletobjects/v1/eventTicketClass')) {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      } else {
        response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":{"code":404}}');
      }
    });
  });
  google.listen(googlePort, '127.0.0.1');
  return {
    close() {
      apns.close();
      google.close();
    },
  };
}
