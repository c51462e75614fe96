import { describe, expect, it } from 'vitest';

import { changedFields } from './collection-changes';

describe('changedFields', () => {
  it('keeps only what changed, with a relationship as its id', () => {
    const before = { id: 3, title: 'Port', boat: { id: 1, name: 'Lolita' }, capacity: 150, updatedAt: 'a' };
    const after = { id: 3, title: 'Port', boat: 2, capacity: 120, updatedAt: 'b' };
    expect(changedFields(before, after)).toEqual({
      before: { boat: 1, capacity: 150 },
      after: { boat: 2, capacity: 120 },
    });
  });

  it('never logs a password hash or a session, even when they are all that changed', () => {
    const before = { email: 'a@example.com', hash: 'x', salt: 'y', sessions: [{ id: 'a' }] };
    const after = { email: 'a@example.com', hash: 'z', salt: 'w', sessions: [] };
    expect(changedFields(before, after)).toBeNull();
    expect(changedFields(null, { email: 'b@example.com', hash: 'z', role: 'crew' })).toEqual({
      before: {},
      after: { email: 'b@example.com', role: 'crew' },
    });
  });

  it('never logs a reseller’s key hashes or webhook secret: a revocation is logged, the keys are not', () => {
    const before = { name: 'Viatges Mar', active: true, keyPrefix: 'gol_abc', keyHash: 'h1', webhookSecret: 's1' };
    const after = {
      name: 'Viatges Mar',
      active: false,
      keyPrefix: 'gol_def',
      keyHash: 'h2',
      nextKeyHash: 'h3',
      webhookSecret: 's2',
    };
    expect(changedFields(before, after)).toEqual({
      before: { active: true, keyPrefix: 'gol_abc' },
      after: { active: false, keyPrefix: 'gol_def' },
    });
  });

  it('sees a change inside an array of times', () => {
    const before = {
      times: [
        { id: 'a', time: '11:00' },
        { id: 'b', time: '17:00' },
      ],
    };
    const after = { times: [{ id: 'a', time: '11:00' }] };
    expect(changedFields(before, after)).toEqual({ before, after });
  });
});
