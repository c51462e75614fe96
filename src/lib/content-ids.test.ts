import { describe, expect, it } from 'vitest';

import { createContentIdCatalogue, type ContentIds } from './content-ids';

function setup(initial: ContentIds) {
  let clock = 0;
  let lists = initial;
  let loads = 0;
  let failing = false;
  const catalogue = createContentIdCatalogue({
    now: () => clock,
    load: async () => {
      loads += 1;
      if (failing) throw new Error('database down');
      return lists;
    },
  });
  return {
    catalogue,
    advance: (ms: number) => (clock += ms),
    publish: (next: ContentIds) => (lists = next),
    fail: (value: boolean) => (failing = value),
    loads: () => loads,
  };
}

const seeded: ContentIds = { tours: ['port-40'], schoolTours: ['science'] };

describe('content id catalogue', () => {
  it('answers ids per kind from one load', async () => {
    const { catalogue, loads } = setup(seeded);
    expect(await catalogue.exists('tours', 'port-40')).toBe(true);
    expect(await catalogue.exists('schoolTours', 'science')).toBe(true);
    expect(await catalogue.exists('tours', 'science')).toBe(false);
    expect(loads()).toBe(1);
  });

  it('asks once for visitors arriving together', async () => {
    const { catalogue, loads } = setup(seeded);
    const answers = await Promise.all([1, 2, 3].map(() => catalogue.exists('tours', 'port-40')));
    expect(answers).toEqual([true, true, true]);
    expect(loads()).toBe(1);
  });

  it('checks a missing id against a fresh list, so a tour just added is found', async () => {
    const { catalogue, advance, publish, loads } = setup(seeded);
    expect(await catalogue.exists('tours', 'sunset')).toBe(false);
    publish({ ...seeded, tours: ['port-40', 'sunset'] });
    // A scanner asking for unknown ids within the interval costs nothing more.
    expect(await catalogue.exists('tours', 'sunset')).toBe(false);
    expect(loads()).toBe(1);
    advance(2_001);
    expect(await catalogue.exists('tours', 'sunset')).toBe(true);
    expect(loads()).toBe(2);
  });

  it('trusts a known id for a minute, then loads again', async () => {
    const { catalogue, advance, publish, loads } = setup(seeded);
    await catalogue.exists('tours', 'port-40');
    publish({ ...seeded, tours: [] });
    advance(59_000);
    expect(await catalogue.exists('tours', 'port-40')).toBe(true);
    advance(2_000);
    expect(await catalogue.exists('tours', 'port-40')).toBe(false);
    expect(loads()).toBe(2);
  });

  it('cannot tell while the list cannot be loaded, and does not hammer a failing server', async () => {
    const { catalogue, advance, fail, loads } = setup(seeded);
    fail(true);
    expect(await catalogue.exists('tours', 'port-40')).toBeUndefined();
    expect(await catalogue.exists('tours', 'port-40')).toBeUndefined();
    expect(loads()).toBe(1);
    fail(false);
    advance(5_001);
    expect(await catalogue.exists('tours', 'port-40')).toBe(true);
  });

  it('reloads after forget(), and a list asked for before it is not kept', async () => {
    const { catalogue, publish, loads } = setup(seeded);
    const before = catalogue.exists('tours', 'sunset');
    catalogue.forget();
    publish({ ...seeded, tours: ['port-40', 'sunset'] });
    await before;
    expect(await catalogue.exists('tours', 'sunset')).toBe(true);
    expect(loads()).toBe(2);
  });
});
