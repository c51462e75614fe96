import * as migration_20261121_145326_initial from './20261121_145326_initial';
import * as migration_20261122_022726_fleet_and_boarding_points from './20261122_022726_fleet_and_boarding_points';
import * as migration_20261122_023712_content from './20261122_023712_content';

export const migrations = [
  {
    up: migration_20261121_145326_initial.up,
    down: migration_20261121_145326_initial.down,
    name: '20261121_145326_initial',
  },
  {
    up: migration_20261122_022726_fleet_and_boarding_points.up,
    down: migration_20261122_022726_fleet_and_boarding_points.down,
    name: '20261122_022726_fleet_and_boarding_points',
  },
  {
    up: migration_20261122_023712_content.up,
    down: migration_20261122_023712_content.down,
    name: '20261122_023712_content'
  },
];
