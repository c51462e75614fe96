import * as migration_20261121_145326_initial from './20261121_145326_initial';
import * as migration_20261122_022726_fleet_and_boarding_points from './20261122_022726_fleet_and_boarding_points';
import * as migration_20261122_023455_ticket_shop from './20261122_023455_ticket_shop';
import * as migration_20261122_031055_requests_and_email_log from './20261122_031055_requests_and_email_log';
import * as migration_20261122_033551_content_pages_and_media from './20261122_033551_content_pages_and_media';
import * as migration_20261123_113734_staff_roles from './20261123_113734_staff_roles';
import * as migration_20261123_114230_ops_today_board from './20261123_114230_ops_today_board';
import * as migration_20261123_114329_boarding_checkin_ops from './20261123_114329_boarding_checkin_ops';
import * as migration_20261123_120000_hold_claims_sec from './20261123_120000_hold_claims_sec';
import * as migration_20261123_120000_ops_booking_search from './20261123_120000_ops_booking_search';
import * as migration_20261123_120551_after_sale_lifecycle from './20261123_120551_after_sale_lifecycle';
import * as migration_20261123_125257_login_throttle_sec from './20261123_125257_login_throttle_sec';
import * as migration_20261123_130213_closed_days_site from './20261123_130213_closed_days_site';
import * as migration_20261123_132202_schema_snapshot from './20261123_132202_schema_snapshot';
import * as migration_20261123_201137_retention_job from './20261123_201137_retention_job';
import * as migration_20261124_090000_shared_rate_limits from './20261124_090000_shared_rate_limits';
import * as migration_20261124_214847_resellers from './20261124_214847_resellers';
import * as migration_20261124_221504_reseller_webhooks from './20261124_221504_reseller_webhooks';
import * as migration_20261124_222705_reseller_next_key from './20261124_222705_reseller_next_key';
import * as migration_20261125_001356_booking_moves_and_reseller_sale_details from './20261125_001356_booking_moves_and_reseller_sale_details';
import * as migration_20261125_005251_reseller_net_rates from './20261125_005251_reseller_net_rates';
import * as migration_20261125_010530_reseller_unit_nets from './20261125_010530_reseller_unit_nets';
import * as migration_20261126_120000_invoicing from './20261126_120000_invoicing';
import * as migration_20261126_130000_tour_vat_and_reseller_tax from './20261126_130000_tour_vat_and_reseller_tax';
import * as migration_20261127_020000_wallet_passes from './20261127_020000_wallet_passes';
import * as migration_20261127_030000_reseller_contact_and_cancel_reason from './20261127_030000_reseller_contact_and_cancel_reason';
import * as migration_20261127_090000_till_settled from './20261127_090000_till_settled';
import * as migration_20261127_050000_staff_language from './20261127_050000_staff_language';
import * as migration_20261127_060000_search_fold from './20261127_060000_search_fold';
import * as migration_20261127_060100_till from './20261127_060100_till';
import * as migration_20261127_080000_self_change_cutoff from './20261127_080000_self_change_cutoff';
import * as migration_20261129_080000_invoice_guards from './20261129_080000_invoice_guards';
import * as migration_20261129_080244_invoicing_settings from './20261129_080244_invoicing_settings';
import * as migration_20261129_083735_content_versions from './20261129_083735_content_versions';
import * as migration_20261129_090000_aeat_acknowledged_head from './20261129_090000_aeat_acknowledged_head';
import * as migration_20261129_110000_schedule_cancel_reasons from './20261129_110000_schedule_cancel_reasons';
import * as migration_20261129_113000_partners from './20261129_113000_partners';
import * as migration_20261129_113100_invoice_third_party from './20261129_113100_invoice_third_party';
import * as migration_20261129_113200_partner_door from './20261129_113200_partner_door';
import * as migration_20261129_121000_partner_settlement_mailings from './20261129_121000_partner_settlement_mailings';
import * as migration_20261129_122000_partner_refunds from './20261129_122000_partner_refunds';

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
    up: migration_20261122_023455_ticket_shop.up,
    down: migration_20261122_023455_ticket_shop.down,
    name: '20261122_023455_ticket_shop',
  },
  {
    up: migration_20261122_031055_requests_and_email_log.up,
    down: migration_20261122_031055_requests_and_email_log.down,
    name: '20261122_031055_requests_and_email_log',
  },
  {
    up: migration_20261122_033551_content_pages_and_media.up,
    down: migration_20261122_033551_content_pages_and_media.down,
    name: '20261122_033551_content_pages_and_media',
  },
  {
    up: migration_20261123_113734_staff_roles.up,
    down: migration_20261123_113734_staff_roles.down,
    name: '20261123_113734_staff_roles',
  },
  {
    up: migration_20261123_114230_ops_today_board.up,
    down: migration_20261123_114230_ops_today_board.down,
    name: '20261123_114230_ops_today_board',
  },
  {
    up: migration_20261123_114329_boarding_checkin_ops.up,
    down: migration_20261123_114329_boarding_checkin_ops.down,
    name: '20261123_114329_boarding_checkin_ops',
  },
  {
    up: migration_20261123_120000_hold_claims_sec.up,
    down: migration_20261123_120000_hold_claims_sec.down,
    name: '20261123_120000_hold_claims_sec',
  },
  {
    up: migration_20261123_120000_ops_booking_search.up,
    down: migration_20261123_120000_ops_booking_search.down,
    name: '20261123_120000_ops_booking_search',
  },
  {
    up: migration_20261123_120551_after_sale_lifecycle.up,
    down: migration_20261123_120551_after_sale_lifecycle.down,
    name: '20261123_120551_after_sale_lifecycle',
  },
  {
    up: migration_20261123_125257_login_throttle_sec.up,
    down: migration_20261123_125257_login_throttle_sec.down,
    name: '20261123_125257_login_throttle_sec',
  },
  {
    up: migration_20261123_130213_closed_days_site.up,
    down: migration_20261123_130213_closed_days_site.down,
    name: '20261123_130213_closed_days_site',
  },
  {
    up: migration_20261123_132202_schema_snapshot.up,
    down: migration_20261123_132202_schema_snapshot.down,
    name: '20261123_132202_schema_snapshot',
  },
  {
    up: migration_20261123_201137_retention_job.up,
    down: migration_20261123_201137_retention_job.down,
    name: '20261123_201137_retention_job',
  },
  {
    up: migration_20261124_090000_shared_rate_limits.up,
    down: migration_20261124_090000_shared_rate_limits.down,
    name: '20261124_090000_shared_rate_limits',
  },
  {
    up: migration_20261124_214847_resellers.up,
    down: migration_20261124_214847_resellers.down,
    name: '20261124_214847_resellers',
  },
  {
    up: migration_20261124_221504_reseller_webhooks.up,
    down: migration_20261124_221504_reseller_webhooks.down,
    name: '20261124_221504_reseller_webhooks',
  },
  {
    up: migration_20261124_222705_reseller_next_key.up,
    down: migration_20261124_222705_reseller_next_key.down,
    name: '20261124_222705_reseller_next_key',
  },
  {
    up: migration_20261125_001356_booking_moves_and_reseller_sale_details.up,
    down: migration_20261125_001356_booking_moves_and_reseller_sale_details.down,
    name: '20261125_001356_booking_moves_and_reseller_sale_details',
  },
  {
    up: migration_20261125_005251_reseller_net_rates.up,
    down: migration_20261125_005251_reseller_net_rates.down,
    name: '20261125_005251_reseller_net_rates',
  },
  {
    up: migration_20261125_010530_reseller_unit_nets.up,
    down: migration_20261125_010530_reseller_unit_nets.down,
    name: '20261125_010530_reseller_unit_nets',
  },
  {
    up: migration_20261126_120000_invoicing.up,
    down: migration_20261126_120000_invoicing.down,
    name: '20261126_120000_invoicing',
  },
  {
    up: migration_20261126_130000_tour_vat_and_reseller_tax.up,
    down: migration_20261126_130000_tour_vat_and_reseller_tax.down,
    name: '20261126_130000_tour_vat_and_reseller_tax',
  },
  {
    up: migration_20261127_020000_wallet_passes.up,
    down: migration_20261127_020000_wallet_passes.down,
    name: '20261127_020000_wallet_passes',
  },
  {
    up: migration_20261127_030000_reseller_contact_and_cancel_reason.up,
    down: migration_20261127_030000_reseller_contact_and_cancel_reason.down,
    name: '20261127_030000_reseller_contact_and_cancel_reason',
  },
  {
    up: migration_20261127_090000_till_settled.up,
    down: migration_20261127_090000_till_settled.down,
    name: '20261127_090000_till_settled',
  },
  {
    up: migration_20261127_050000_staff_language.up,
    down: migration_20261127_050000_staff_language.down,
    name: '20261127_050000_staff_language',
  },
  {
    up: migration_20261127_060000_search_fold.up,
    down: migration_20261127_060000_search_fold.down,
    name: '20261127_060000_search_fold',
  },
  {
    up: migration_20261127_060100_till.up,
    down: migration_20261127_060100_till.down,
    name: '20261127_060100_till',
  },
  {
    up: migration_20261127_080000_self_change_cutoff.up,
    down: migration_20261127_080000_self_change_cutoff.down,
    name: '20261127_080000_self_change_cutoff'
  },
  {
    up: migration_20261129_080000_invoice_guards.up,
    down: migration_20261129_080000_invoice_guards.down,
    name: '20261129_080000_invoice_guards'
  },
  {
    up: migration_20261129_080244_invoicing_settings.up,
    down: migration_20261129_080244_invoicing_settings.down,
    name: '20261129_080244_invoicing_settings',
  },
  {
    up: migration_20261129_083735_content_versions.up,
    down: migration_20261129_083735_content_versions.down,
    name: '20261129_083735_content_versions'
  },
  {
    up: migration_20261129_090000_aeat_acknowledged_head.up,
    down: migration_20261129_090000_aeat_acknowledged_head.down,
    name: '20261129_090000_aeat_acknowledged_head',
  },
  {
    up: migration_20261129_110000_schedule_cancel_reasons.up,
    down: migration_20261129_110000_schedule_cancel_reasons.down,
    name: '20261129_110000_schedule_cancel_reasons',
  },
  {
    up: migration_20261129_113000_partners.up,
    down: migration_20261129_113000_partners.down,
    name: '20261129_113000_partners',
  },
  {
    up: migration_20261129_113100_invoice_third_party.up,
    down: migration_20261129_113100_invoice_third_party.down,
    name: '20261129_113100_invoice_third_party',
  },
  {
    up: migration_20261129_113200_partner_door.up,
    down: migration_20261129_113200_partner_door.down,
    name: '20261129_113200_partner_door',
  },
  {
    up: migration_20261129_121000_partner_settlement_mailings.up,
    down: migration_20261129_121000_partner_settlement_mailings.down,
    name: '20261129_121000_partner_settlement_mailings',
  },
  {
    up: migration_20261129_122000_partner_refunds.up,
    down: migration_20261129_122000_partner_refunds.down,
    name: '20261129_122000_partner_refunds',
  },
];
