import { date, iso, num, str, type Tx } from '@/booking/db';

/**
 * The wallet_passes and wallet_registrations tables: which bookings have an Apple pass out there,
 * when each pass last changed (what `passesUpdatedSince` and `If-Modified-Since` are answered
 * from), and which devices asked to hear about it (Apple's web service for passes).
 */

type Db = Pick<Tx, 'query'>;

const wholeSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

export type StoredPass = { serial: string; bookingId: number; updatedAt: Date };

function passFromRow(row: Record<string, unknown>): StoredPass {
  return { serial: str(row.serial), bookingId: num(row.booking_id), updatedAt: date(row.updated_at) };
}

/** The pass of a booking, recorded the first time it is handed out; its update time is kept. */
export async function ensurePass(db: Db, input: { serial: string; bookingId: number; now: Date }): Promise<StoredPass> {
  await db.query(
    'INSERT INTO wallet_passes (serial, booking_id, updated_at, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (serial) DO NOTHING',
    [input.serial, input.bookingId, iso(wholeSecond(input.now)), iso(input.now)],
  );
  const pass = await findPass(db, input.serial);
  if (!pass) throw new Error(`wallet pass ${input.serial} was not recorded`);
  return pass;
}

export async function findPass(db: Db, serial: string): Promise<StoredPass | null> {
  const { rows } = await db.query('SELECT serial, booking_id, updated_at FROM wallet_passes WHERE serial = ?', [
    serial,
  ]);
  return rows[0] ? passFromRow(rows[0]) : null;
}

/**
 * Marks the booking's pass as changed; null when no pass of it was ever handed out. Update times
 * are whole seconds (HTTP dates are) and always move forward, so a phone's If-Modified-Since and
 * `passesUpdatedSince` never hide a change made within the second of the previous one.
 */
export async function touchPass(db: Db, bookingId: number, now: Date): Promise<StoredPass | null> {
  const { rows } = await db.query('SELECT serial, booking_id, updated_at FROM wallet_passes WHERE booking_id = ?', [
    bookingId,
  ]);
  if (!rows[0]) return null;
  const previous = passFromRow(rows[0]);
  const updatedAt = new Date(Math.max(wholeSecond(now).getTime(), previous.updatedAt.getTime() + 1000));
  await db.query('UPDATE wallet_passes SET updated_at = ? WHERE serial = ?', [iso(updatedAt), previous.serial]);
  return { ...previous, updatedAt };
}

export type Registration = { device: string; pushToken: string; passTypeId: string; serial: string };

/** `created` for a new registration, `exists` when the device already had it (its push token refreshed). */
export async function registerDevice(db: Db, input: Registration, now: Date): Promise<'created' | 'exists'> {
  const { rowsAffected } = await db.query(
    `UPDATE wallet_registrations SET push_token = ? WHERE device_id = ? AND pass_type_id = ? AND serial = ?`,
    [input.pushToken, input.device, input.passTypeId, input.serial],
  );
  if (rowsAffected > 0) return 'exists';
  const inserted = await db.query(
    `INSERT INTO wallet_registrations (device_id, pass_type_id, serial, push_token, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (device_id, pass_type_id, serial) DO NOTHING`,
    [input.device, input.passTypeId, input.serial, input.pushToken, iso(now)],
  );
  return inserted.rowsAffected > 0 ? 'created' : 'exists';
}

export async function unregisterDevice(db: Db, input: Omit<Registration, 'pushToken'>): Promise<boolean> {
  const { rowsAffected } = await db.query(
    'DELETE FROM wallet_registrations WHERE device_id = ? AND pass_type_id = ? AND serial = ?',
    [input.device, input.passTypeId, input.serial],
  );
  return rowsAffected > 0;
}

/** The device's passes of this type changed after `since` (all of them without it), and the latest change. */
export async function serialsUpdatedSince(
  db: Db,
  input: { device: string; passTypeId: string; since: Date | null },
): Promise<{ serials: string[]; lastUpdated: Date | null }> {
  const { rows } = await db.query(
    `SELECT p.serial, p.updated_at FROM wallet_registrations r JOIN wallet_passes p ON p.serial = r.serial
     WHERE r.device_id = ? AND r.pass_type_id = ?${input.since ? ' AND p.updated_at > ?' : ''} ORDER BY p.serial`,
    input.since ? [input.device, input.passTypeId, iso(input.since)] : [input.device, input.passTypeId],
  );
  const times = rows.map((row) => date(row.updated_at).getTime());
  return {
    serials: rows.map((row) => str(row.serial)),
    lastUpdated: times.length > 0 ? new Date(Math.max(...times)) : null,
  };
}

/** The push tokens of the devices that hold this pass (one device may hold it once). */
export async function pushTokensOf(db: Db, input: { passTypeId: string; serial: string }): Promise<string[]> {
  const { rows } = await db.query(
    'SELECT DISTINCT push_token FROM wallet_registrations WHERE pass_type_id = ? AND serial = ? ORDER BY push_token',
    [input.passTypeId, input.serial],
  );
  return rows.map((row) => str(row.push_token));
}

/** APNs said the token is gone (410): the device removed the pass or the app. */
export async function forgetPushToken(db: Db, pushToken: string): Promise<void> {
  await db.query('DELETE FROM wallet_registrations WHERE push_token = ?', [pushToken]);
}
