/**
 * `npm run bench`'s staff for the run (scripts/bench.mjs): a crew member for the boarding page, a
 * partner's door member (tied to a partner made for the run) for the door, and an office member
 * for the office's daily screens (/staff/today, bookings, sell, till), so Lighthouse audits the
 * staff's phone app signed in (docs/decisions/182-the-staff-phone-app.md, issue 46). Run with `payload
 * run` on the bench's fresh database; the password comes from BENCH_STAFF_PASSWORD.
 */
import config from '@payload-config';
import { getPayload } from 'payload';

import { saveStaffUser } from './staff-user';

const BENCH_CREW = 'bench-crew@example.com';
const BENCH_DOOR = 'bench-door@example.com';
const BENCH_OFFICE = 'bench-office@example.com';

const password = process.env.BENCH_STAFF_PASSWORD;
if (!password) throw new Error('BENCH_STAFF_PASSWORD is not set');
const payload = await getPayload({ config });
await saveStaffUser(payload, { email: BENCH_CREW, password, role: 'crew', name: 'Bench crew' });
await saveStaffUser(payload, { email: BENCH_OFFICE, password, role: 'office', name: 'Bench office' });
const partner = await payload.create({
  collection: 'partners',
  locale: 'ca',
  overrideAccess: true,
  data: {
    name: 'Museu del banc de proves',
    legalName: 'Banc de proves SL',
    taxId: 'B12345674',
    address: 'Moll d’Espanya s/n, 08039 Barcelona',
    contactEmail: 'bench-partner@example.com',
    contactPhone: '+34 932 21 74 74',
    language: 'ca',
    openingHours: 'Cada dia de 10 a 19 h',
    mapUrl: 'https://www.openstreetmap.org/?mlat=41.3768&mlon=2.1837',
    agreement: { adultCents: 1000, reducedCents: 800, childCents: 500, super3Cents: 0 },
  } as never,
});
await payload.create({
  collection: 'users',
  overrideAccess: true,
  data: { email: BENCH_DOOR, password, role: 'partner', partner: partner.id, name: 'Bench door', language: 'ca' },
});
process.exit(0);
