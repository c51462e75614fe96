import * as migration_20261121_145314_initial from './20261121_145314_initial';
import * as migration_20261122_022713_fleet_and_boarding_points from './20261122_022713_fleet_and_boarding_points';
import * as migration_20261122_023435_ticket_shop from './20261122_023435_ticket_shop';
import * as migration_20261122_031023_requests_and_email_log from './20261122_031023_requests_and_email_log';
import * as migration_20261122_033532_content_pages_and_media from './20261122_033532_content_pages_and_media';

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
    up: migration_20261122_023435_ticket_shop.up,
    down: migration_20261122_023435_ticket_shop.down,
    name: '20261122_023435_ticket_shop',
  },
  {
    up: migration_20261122_031023_requests_and_email_log.up,
    down: migration_20261122_031023_requests_and_email_log.down,
    name: '20261122_031023_requests_and_email_log',
  },
  {
    up: migration_20261122_033532_content_pages_and_media.up,
    down: migration_20261122_033532_content_pages_and_media.down,
    name: '20261122_033532_content_pages_and_media'
  },
];
