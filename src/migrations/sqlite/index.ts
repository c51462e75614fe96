import * as migration_20261121_145314_initial from './20261121_145314_initial';
import * as migration_20261122_022713_fleet_and_boarding_points from './20261122_022713_fleet_and_boarding_points';
import * as migration_20261122_023635_content from './20261122_023635_content';

export const migrations = [
  {
    up: migration_20261121_145314_initial.up,
    down: migration_20261121_145314_initial.down,
    name: '20261121_145314_initial',
  },
  {
    up: migration_20261122_022713_fleet_and_boarding_points.up,
    down: migration_20261122_022713_fleet_and_boarding_points.down,
    name: '20261122_022713_fleet_and_boarding_points',
  },
  {
    up: migration_20261122_023635_content.up,
    down: migration_20261122_023635_content.down,
    name: '20261122_023635_content'
  },
];
