import * as migration_20261121_145326_initial from './20261121_145326_initial';

export const migrations = [
  {
    up: migration_20261121_145326_initial.up,
    down: migration_20261121_145326_initial.down,
    name: '20261121_145326_initial'
  },
];
