import sharp from 'sharp';

import { ICON_SIZES, ICON_SVG } from '@/components/staff-app/offline-app';

const drawn = new Map<number, Promise<Buffer>>();

/** GET /staff/icon/192 (or 512): the staff app's icon when installed, the site's drawn as a PNG. */
export async function GET(_request: Request, context: { params: Promise<{ size: string }> }) {
  const size = Number((await context.params).size);
  if (!(ICON_SIZES as readonly number[]).includes(size)) return new Response('Not found', { status: 404 });
  let png = drawn.get(size);
  if (!png) {
    png = sharp(Buffer.from(ICON_SVG), { density: (72 * size) / 64 })
      .resize(size, size)
      .png()
      .toBuffer();
    drawn.set(size, png);
  }
  return new Response(new Uint8Array(await png), {
    headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' },
  });
}
