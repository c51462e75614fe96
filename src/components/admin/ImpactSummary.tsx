import { localeInfo, locales, type Locale } from '@/i18n/locales';
import type { OpsMessages } from '@/i18n/ops-messages';
import { fill, plural } from '@/lib/icu-lite';
import type { CancellationImpact } from '@/operations/cancellation-impact';

/**
 * Who a cancellation reaches, in the staff member's language: "12 bookings, 34 people will be
 * told…", their languages, the reseller sales and the payments under way. Shown before the office
 * confirms (the cancel dialogs, and the timetable and closed-day forms before saving).
 */
export function impactLines(impact: CancellationImpact, t: OpsMessages, language: Locale): string[] {
  const s = t.scheduleImpact;
  const lines: string[] = [];
  if (impact.bookings === 0) lines.push(s.nobody);
  else {
    lines.push(
      fill(s.told, {
        bookings: plural(s.bookings, impact.bookings, language),
        people: plural(s.people, impact.people, language),
      }),
    );
    const spoken = locales.filter((locale) => impact.byLanguage[locale] > 0);
    lines.push(
      fill(s.languages, {
        list: spoken.map((locale) => `${localeInfo[locale].label} ${impact.byLanguage[locale]}`).join(' · '),
      }),
    );
  }
  if (impact.resellerBookings > 0) lines.push(plural(s.resellers, impact.resellerBookings, language));
  if (impact.holds > 0) lines.push(plural(s.holds, impact.holds, language));
  return lines;
}

export function ImpactSummary({
  impact,
  t,
  language,
}: {
  impact: CancellationImpact;
  t: OpsMessages;
  language: Locale;
}) {
  return (
    <div className="ops-impact" data-testid="impact-summary">
      {impactLines(impact, t, language).map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
