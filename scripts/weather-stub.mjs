// A stand-in for the outside services the pages call, so tests never touch the internet:
//  - GET /weather?lat=..&lon=..  a MET Norway Locationforecast answer (with gusts, as "complete" has) for the next 48 h,
//    except for the Port Fòrum boarding point (lat 41.4122), where it never answers: the
//    "service unreachable" case, which the page must survive within its timeout;
//  - GET /tiles/{z}/{x}/{y}.png  a plain sea-coloured map tile.
// Usage: node scripts/weather-stub.mjs <port>   or   import { startServiceStub } from it.
import { createServer } from 'node:http';
import { deflateSync } from 'node:zlib';

export const UNREACHABLE_LATITUDE = '41.4122';

function forecast(now = new Date()) {
  const start = new Date(now);
  start.setUTCMinutes(0, 0, 0);
  const timeseries = [];
  for (let hour = 0; hour < 48; hour++) {
    const time = new Date(start.getTime() + hour * 3600_000);
    const localHour = (time.getUTCHours() + 1) % 24;
    timeseries.push({
      time: time.toISOString().replace('.000Z', 'Z'),
      data: {
        instant: {
          details: {
            air_temperature: 15 + Math.round(6 * Math.sin(((localHour - 8) / 24) * 2 * Math.PI) * 10) / 10,
            wind_speed: hour < 24 ? 3.4 : 6.1,
            // Gusts of 45 km/h in the local afternoon, so the today board's warning has
            // something to show; the morning stays calm.
            wind_speed_of_gust: localHour >= 15 && localHour <= 18 ? 12.5 : 6.2,
          },
        },
        next_1_hours: { summary: { symbol_code: hour < 24 ? 'partlycloudy_day' : 'lightrain' } },
      },
    });
  }
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [2.1779, 41.3755, 5] },
    properties: { meta: { updated_at: now.toISOString() }, timeseries },
  };
}

let tile;
function seaTile() {
  if (tile) return tile;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const size = 256;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [170, 211, 223]).flat()),
  ]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  tile = Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return tile;
}

export function startServiceStub(port) {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    if (url.pathname === '/weather') {
      if (url.searchParams.get('lat') === UNREACHABLE_LATITUDE) return; // never answers
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(forecast()));
      return;
    }
    if (url.pathname.startsWith('/tiles/')) {
      response.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'max-age=3600' });
      response.end(seaTile());
      return;
    }
    response.writeHead(404).end();
  });
  server.listen(port, '127.0.0.1');
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 3101);
  startServiceStub(port);
  console.log(`service stub on http://127.0.0.1:${port}`);
}
