/**
 * Money is stored in cents (docs/domain-rules.md, Money) but staff think in euros: lists show "12,50 €" and
 * the field takes "12,50" or "12.50", storing 1250. The text is parsed as a decimal string, never
 * through floating point, so 0.29 € is 29 cents and not 28.999….
 */
export function parseEuros(text: string): number | null | 'invalid' {
  const clean = text.replace(/[€\s]/g, '').replace(',', '.');
  if (clean === '') return null;
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return 'invalid';
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
