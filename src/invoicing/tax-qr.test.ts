import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';

import {
  TAX_QR_HEADING,
  taxQrBaseUrl,
  taxQrCaptions,
  taxQrPixels,
  taxQrPng,
  taxQrSvgPath,
  taxQrUrl,
  VERIFACTU_LEGEND,
  VERIFACTU_LEGEND_SHORT,
} from './tax-qr';

const invoice = { nif: '89890001K', seriesNumber: 'W2027-000123', issueDate: '01-01-2027', total: '123.45' };
const production = { verifactu: true, environment: 'production' } as const;

/** Reads the query string back the way a servlet would, parameter by parameter. */
function params(url: string): [string, string][] {
  return [...new URL(url).searchParams.entries()];
}

describe('taxQrBaseUrl', () => {
  it.each([
    [true, 'production', 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR'],
    [true, 'test', 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR'],
    [false, 'production', 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu'],
    [false, 'test', 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu'],
  ] as const)('verifactu %s, %s → %s', (verifactu, environment, url) => {
    expect(taxQrBaseUrl({ verifactu, environment })).toBe(url);
  });
});

describe('taxQrUrl', () => {
  it('reproduces the example of the AEAT’s QR specification', () => {
    expect(
      taxQrUrl(
        { nif: '89890001K', seriesNumber: '12345678&G33', issueDate: '01-01-2024', total: '241.4' },
        { verifactu: true, environment: 'test' },
      ),
    ).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4',
    );
  });

  it('carries nif, numserie, fecha and importe in that order, and nothing else', () => {
    expect(taxQrUrl(invoice, production)).toBe(
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=W2027-000123&fecha=01-01-2027&importe=123.45',
    );
  });

  it('encodes "/", "&", spaces and "+" so that the series number reads back intact', () => {
    const seriesNumber = 'A/2027 & B+C=1?#%';
    const url = taxQrUrl({ ...invoice, seriesNumber }, production);
    expect(url).toContain('numserie=A%2F2027%20%26%20B%2BC%3D1%3F%23%25&fecha=');
    expect(params(url)).toEqual([
      ['nif', '89890001K'],
      ['numserie', seriesNumber],
      ['fecha', '01-01-2027'],
      ['importe', '123.45'],
    ]);
  });

  it("encodes the characters encodeURIComponent leaves alone (! ' ( ) *)", () => {
    expect(taxQrUrl({ ...invoice, seriesNumber: "F!'()*" }, production)).toContain('numserie=F%21%27%28%29%2A&');
  });

  it('keeps the sign of a rectifying invoice’s total', () => {
    expect(taxQrUrl({ ...invoice, total: '-33.00' }, production)).toMatch(/&importe=-33\.00$/);
  });

  it.each([
    { seriesNumber: ' W1' },
    { seriesNumber: 'W1 ' },
    { seriesNumber: '' },
    { seriesNumber: 'W'.repeat(61) },
    { seriesNumber: 'Año-1' },
    { issueDate: '2027-01-01' },
    { total: '123,45' },
    { total: '1.234' },
    { nif: '89890001k' },
  ])('refuses what the AEAT could not match: %j', (change) => {
    expect(() => taxQrUrl({ ...invoice, ...change }, production)).toThrow(RangeError);
  });

  it('accepts a 60-character series number', () => {
    expect(() => taxQrUrl({ ...invoice, seriesNumber: 'W'.repeat(60) }, production)).not.toThrow();
  });
});

describe('captions', () => {
  it('puts "QR tributario:" above, and the VERI*FACTU legend below only in VERI*FACTU mode', () => {
    expect(taxQrCaptions({ verifactu: true })).toEqual({
      above: 'QR tributario:',
      below: 'Factura verificable en la sede electrónica de la AEAT',
    });
    expect(taxQrCaptions({ verifactu: false })).toEqual({ above: TAX_QR_HEADING, below: null });
    expect(VERIFACTU_LEGEND).toBe('Factura verificable en la sede electrónica de la AEAT');
    expect(VERIFACTU_LEGEND_SHORT).toBe('VERI*FACTU');
  });
});

/** Rasterises the SVG path's unit squares and decodes the picture with a real QR reader. */
function decodePath(d: string, modules: number): string | undefined {
  const scale = 4;
  const quiet = 4;
  const width = (modules + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let col = Number(x); col < Number(x) + Number(w); col++) {
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = (((Number(y) + quiet) * scale + dy) * width + (col + quiet) * scale + dx) * 4;
          pixels[offset] = pixels[offset + 1] = pixels[offset + 2] = 0;
        }
      }
    }
  }
  return jsQR(pixels, width, width)?.data;
}

describe('taxQrSvgPath', () => {
  const url = taxQrUrl({ ...invoice, seriesNumber: 'A/2027 & B+C' }, production);

  it('draws a QR that a reader decodes back to the URL', () => {
    const { d, modules } = taxQrSvgPath(url);
    expect(decodePath(d, modules)).toBe(url);
  });

  it('uses error correction level M', () => {
    const { d, modules } = taxQrSvgPath(url);
    const dark = new Set<string>();
    for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let col = Number(x); col < Number(x) + Number(w); col++) dark.add(`${y},${col}`);
    }
    const matches = (level: 'L' | 'M' | 'Q' | 'H'): boolean => {
      const symbol = QRCode.create(url, { errorCorrectionLevel: level }).modules;
      if (symbol.size !== modules) return false;
      for (let row = 0; row < modules; row++) {
        for (let col = 0; col < modules; col++) {
          if (Boolean(symbol.get(row, col)) !== dark.has(`${row},${col}`)) return false;
        }
      }
      return true;
    };
    expect(matches('M')).toBe(true);
    expect(matches('L') || matches('Q') || matches('H')).toBe(false);
  });
});

describe('taxQrPng', () => {
  it('is a PNG as many pixels wide as the print size asks', async () => {
    const png = await taxQrPng(taxQrUrl(invoice, production), 35, 300);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR: width and height, big-endian, right after the chunk's length and type.
    expect(png.readUInt32BE(16)).toBe(taxQrPixels(35, 300));
    expect(png.readUInt32BE(20)).toBe(taxQrPixels(35, 300));
    expect(taxQrPixels(35, 300)).toBe(413);
  });

  it('refuses a print size outside 30–40 mm and a nonsense resolution', () => {
    expect(() => taxQrPixels(29.9, 300)).toThrow(RangeError);
    expect(() => taxQrPixels(40.1, 300)).toThrow(RangeError);
    expect(() => taxQrPixels(30, 10)).toThrow(RangeError);
    expect(taxQrPixels(30, 300)).toBe(354);
    expect(taxQrPixels(40, 300)).toBe(472);
  });
});
