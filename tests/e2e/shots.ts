import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** Where staff-screen specs leave their screenshots for a reviewer: var/ is ignored by git. */
export const SHOTS = process.env.OPS_SHOTS_DIR ?? path.resolve(import.meta.dirname, '..', '..', 'var', 'e2e-shots');
mkdirSync(SHOTS, { recursive: true });
