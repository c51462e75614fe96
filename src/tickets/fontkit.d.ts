declare module 'fontkit' {
  /** A parsed font: what PDFKit accepts in place of font bytes (it calls `layout` on it). */
  export interface Font {
    /** Every code point the font has a glyph for. */
    readonly characterSet: number[];
    layout(text: string, features?: unknown): unknown;
  }
  /** Parses a TrueType/OpenType font file. */
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
