import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { shopDb } from '@/booking/db';
import { sendPendingRecords } from '@/invoicing/sender';
import { logger } from '@/lib/logger';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { paidBooking } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

/**
 * The local AEAT's schema validator failing to load, as it did in the production build (Turbopack
 * had moved xmllint-wasm's .wasm away): the records wait and go once it runs again, instead of being
 * stored as the AEAT's schema fault (4102) that the validator's failure had been turned into.
 */
const BUNDLED_ABORT =
  "WASM Abort: Error: ENOENT: no such file or directory, open '/ROOT/node_modules/xmllint-wasm/xmllint.wasm'";

const xmllint = vi.hoisted(() => ({ broken: false }));
vi.mock('@/invoicing/xmllint', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/invoicing/xmllint')>();
  return {
    ...actual,
    validateXML: async (options: Parameters<typeof actual.validateXML>[0]) => {
      if (xmllint.broken) throw new Error(BUNDLED_ABORT);
      return actual.validateXML(options);
    },
  };
});

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'aquarium' });
});
afterAll(() => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('golondrinas.invoicing.xsd-status')];
});
checkInvariantsAfterEach(() => payload);

async function lastStatus() {
  const { rows } = await shopDb(payload).query(
    `SELECT s.status, s.csv, s.error_code, s.error_text, s.attempts FROM invoice_records r
     JOIN invoice_record_status s ON s.record_id = r.id ORDER BY r.position DESC LIMIT 1`,
  );
  const row = rows[0]!;
  return {
    status: String(row.status),
    csv: row.csv === null ? null : String(row.csv),
    errorCode: row.error_code === null ? null : String(row.error_code),
    errorText: row.error_text === null ? null : String(row.error_text),
  };
}

describe(`the local AEAT's validator cannot run, on ${testDatabaseKind}`, () => {
  it('the record stays pending with the validator’s own message, logged, and goes once it runs', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation((() => {}) as never);
    const warnings = vi.spyOn(logger, 'warn').mockImplementation((() => {}) as never);
    try {
      const departureId = await addDeparture(payload, shop, { capacity: 30 });
      await paidBooking(payload, departureId, { adults: 1 });
      const start = new Date(Date.now() + 10 * 60_000);

      xmllint.broken = true;
      const failed = await sendPendingRecords(payload, start);
      const message = `the AEAT schema validator failed: ${BUNDLED_ABORT}`;
      expect(failed).toEqual({ sent: 1, failed: message });
      expect(await lastStatus()).toEqual({ status: 'pending', csv: null, errorCode: 'transport', errorText: message });
      expect(errors).toHaveBeenCalledWith({ err: message }, 'the AEAT schema validator cannot run');
      expect(warnings).toHaveBeenCalledWith(
        { records: 1, err: message },
        'VERI*FACTU records not sent; retrying later',
      );

      // Repaired (a new build, a restart): the next run after the back-off sends it.
      xmllint.broken = false;
      expect(await sendPendingRecords(payload, new Date(start.getTime() + 30_000))).toEqual({
        sent: 0,
        skipped: 'backingOff',
      });
      expect(await sendPendingRecords(payload, new Date(start.getTime() + 61_000))).toMatchObject({
        sent: 1,
        accepted: 1,
        rejected: 0,
      });
      const sent = await lastStatus();
      expect(sent).toMatchObject({ status: 'Correcto', errorCode: null });
      expect(sent.csv).toMatch(/^A-[A-Z0-9]{14}$/);
    } finally {
      xmllint.broken = false;
      errors.mockRestore();
      warnings.mockRestore();
    }
  });
});
