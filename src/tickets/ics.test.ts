import { describe, expect, it } from 'vitest';

import { escapeText, foldLine, renderIcs } from './ics';

describe('renderIcs', () => {
  const event = {
    uid: 'GOL-ABC123@golondrinas',
    start: new Date('2027-03-28T09:30:00Z'),
    end: new Date('2027-03-28T10:30:00Z'),
    summary: 'Port i litoral 60 min · Las Golondrinas',
    location: 'Moll de les Drassanes, s/n, 08039 Barcelona',
    description: 'Reserva GOL-ABC123; embarcament des de les 11:15',
    url: 'https://example.com/reserva/abc',
    stamp: new Date('2027-01-01T00:00:00Z'),
  };

  it('produces a valid single-event calendar in UTC with CRLF line ends', () => {
    const ics = renderIcs(event, 'Las Golondrinas');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('DTSTART:20270328T093000Z\r\n');
    expect(ics).toContain('DTEND:20270328T103000Z\r\n');
    expect(ics).toContain('LOCATION:Moll de les Drassanes\\, s/n\\, 08039 Barcelona');
    expect(ics).toContain('DESCRIPTION:Reserva GOL-ABC123\\; embarcament');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it('escapes newlines and folds long lines without splitting a character', () => {
    expect(escapeText('a\nb,c;d\\e')).toBe('a\\nb\\,c\\;d\\\\e');
    const folded = foldLine(`DESCRIPTION:${'àé'.repeat(60)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n ').join('')).toBe(`DESCRIPTION:${'àé'.repeat(60)}`);
  });
});
