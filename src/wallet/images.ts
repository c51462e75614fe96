import sharp from 'sharp';

import type { PassFiles } from './pkpass';

/**
 * The pass's icon (notifications, lock screen) and logo (top left of the pass), drawn from the
 * site's own icon (src/app/icon.svg, copied here so the server never reads source files) at the
 * sizes Apple asks for, once per process.
 */
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#073b4f"/><path d="M10 38h44l-6 10H17z" fill="#8a5a2b"/><path d="M16 30h32v8H16z" fill="#f6f1e7"/><path d="M20 24h24v6H20z" fill="#ffbf47"/><path d="M8 52c6 0 6-3 12-3s6 3 12 3 6-3 12-3 6 3 12 3" fill="none" stroke="#e7f1f4" stroke-width="3" stroke-linecap="round"/></svg>';

const SIZES: Record<string, number> = {
  'icon.png': 29,
  'icon@2x.png': 58,
  'icon@3x.png': 87,
  'logo.png': 50,
  'logo@2x.png': 100,
};

let rendered: Promise<PassFiles> | undefined;

export function passImages(): Promise<PassFiles> {
  rendered ??= (async () => {
    const entries = await Promise.all(
      Object.entries(SIZES).map(async ([name, size]) => {
        const png = await sharp(Buffer.from(ICON_SVG), { density: 72 * (size / 64) * 4 })
          .resize(size, size)
          .png({ compressionLevel: 9 })
          .toBuffer();
        return [name, new Uint8Array(png)] as const;
      }),
    );
    return Object.fromEntries(entries);
  })();
  return rendered;
}
