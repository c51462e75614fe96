import { EuroCentsCell as EuroCentsCell_232301486e5ab43645a8bdadbcdf43fd } from '../../../components/admin/EuroCents.client'
import { EuroCentsField as EuroCentsField_232301486e5ab43645a8bdadbcdf43fd } from '../../../components/admin/EuroCents.client'
import { MadridDateCell as MadridDateCell_8f63801cfc66f73d2e1219a6d56f731b } from '../../../components/admin/MadridDate.client'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { TimetableImpact as TimetableImpact_6e950bc5fabbd98f76cc159200fe7ba3 } from '../../../components/admin/ScheduleImpact.client'
import { ClosedDayImpact as ClosedDayImpact_6e950bc5fabbd98f76cc159200fe7ba3 } from '../../../components/admin/ScheduleImpact.client'
import { MadridDateField as MadridDateField_8f63801cfc66f73d2e1219a6d56f731b } from '../../../components/admin/MadridDate.client'
import { PartnerSettlements as PartnerSettlements_6a2a8b43589bf42ccbcbd6dd9bf2a041 } from '../../../components/admin/PartnerSettlements.client'
import { ResellerInvoicing as ResellerInvoicing_95231467b658f02fd39063090d69cc64 } from '../../../components/admin/ResellerInvoicing.client'
import { ResellerCredentials as ResellerCredentials_3df61253d6f90ebabbf9f0ecfffc4500 } from '../../../components/admin/ResellerCredentials.client'
import { default as default_6395e5433eed64845bc7484a1943bcac } from '../../../components/admin/StaffAccountRefusedView'
import { default as default_565adcfbee82bd262a0bc27a0e407776 } from '../../../components/admin/OpsNavLinks'
import { FirstUserNotice as FirstUserNotice_3365707e070ea32ab6041d949292232f } from '../../../components/admin/FirstUserNotice'
import { BoardingSignOut as BoardingSignOut_b0a1d5c3e2f4a6b8c9d0e1f2a3b4c5d6 } from '../../../components/boarding/BoardingSignOut.client'
import { FrameworkLabels as FrameworkLabels_3f1c2d4e5a6b7c8d9e0f1a2b3c4d5e6f } from '../../../components/admin/FrameworkLabels.client'
import { default as default_6f04c4d16c4f90428c652a6ba51f2681 } from '../../../components/admin/TodayBoardView'
import { default as default_62110c2a7320542a3c802f1d6a34482e } from '../../../components/admin/BookingsView'
import { default as default_4a3f627a1698439e1a12dd3fb8ef67ab } from '../../../components/admin/BookingView'
import { default as default_e6c930c6ec819f64e8993c636f84b092 } from '../../../components/admin/SellView'
import { default as default_9559304d0dc9648063c2f0259dbe23b6 } from '../../../components/admin/CashUpView'
import { default as default_8a4836f1fe02f601478e48248bd6a794 } from '../../../components/admin/AuditView'
import { default as default_227d9a162fe563eae49907279e67364f } from '../../../components/admin/TillView'
import { default as default_6ecdc2307f2822d0965704a7d4415f48 } from '../../../components/admin/ReportsView'
import { default as default_6f1c37d6850120afefa9eca7acd04cc4 } from '../../../components/admin/InvoicesView'
import { default as default_8d789585c8ee432d1cfb576bd5ce69bd } from '../../../components/admin/PrintTicketsView'
import { default as default_fa547795a38f7acadcb6e7e043ecc058 } from '../../../components/admin/ManifestView'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/components/admin/EuroCents.client#EuroCentsCell": EuroCentsCell_232301486e5ab43645a8bdadbcdf43fd,
  "/components/admin/EuroCents.client#EuroCentsField": EuroCentsField_232301486e5ab43645a8bdadbcdf43fd,
  "/components/admin/MadridDate.client#MadridDateCell": MadridDateCell_8f63801cfc66f73d2e1219a6d56f731b,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "/components/admin/ScheduleImpact.client#TimetableImpact": TimetableImpact_6e950bc5fabbd98f76cc159200fe7ba3,
  "/components/admin/ScheduleImpact.client#ClosedDayImpact": ClosedDayImpact_6e950bc5fabbd98f76cc159200fe7ba3,
  "/components/admin/MadridDate.client#MadridDateField": MadridDateField_8f63801cfc66f73d2e1219a6d56f731b,
  "/components/admin/PartnerSettlements.client#PartnerSettlements": PartnerSettlements_6a2a8b43589bf42ccbcbd6dd9bf2a041,
  "/components/admin/ResellerInvoicing.client#ResellerInvoicing": ResellerInvoicing_95231467b658f02fd39063090d69cc64,
  "/components/admin/ResellerCredentials.client#ResellerCredentials": ResellerCredentials_3df61253d6f90ebabbf9f0ecfffc4500,
  "/components/admin/StaffAccountRefusedView#default": default_6395e5433eed64845bc7484a1943bcac,
  "/components/admin/OpsNavLinks#default": default_565adcfbee82bd262a0bc27a0e407776,
  "/components/admin/FirstUserNotice#FirstUserNotice": FirstUserNotice_3365707e070ea32ab6041d949292232f,
  "/components/boarding/BoardingSignOut.client#BoardingSignOut": BoardingSignOut_b0a1d5c3e2f4a6b8c9d0e1f2a3b4c5d6,
  "/components/admin/FrameworkLabels.client#FrameworkLabels": FrameworkLabels_3f1c2d4e5a6b7c8d9e0f1a2b3c4d5e6f,
  "/components/admin/TodayBoardView#default": default_6f04c4d16c4f90428c652a6ba51f2681,
  "/components/admin/BookingsView#default": default_62110c2a7320542a3c802f1d6a34482e,
  "/components/admin/BookingView#default": default_4a3f627a1698439e1a12dd3fb8ef67ab,
  "/components/admin/SellView#default": default_e6c930c6ec819f64e8993c636f84b092,
  "/components/admin/CashUpView#default": default_9559304d0dc9648063c2f0259dbe23b6,
  "/components/admin/AuditView#default": default_8a4836f1fe02f601478e48248bd6a794,
  "/components/admin/TillView#default": default_227d9a162fe563eae49907279e67364f,
  "/components/admin/ReportsView#default": default_6ecdc2307f2822d0965704a7d4415f48,
  "/components/admin/InvoicesView#default": default_6f1c37d6850120afefa9eca7acd04cc4,
  "/components/admin/PrintTicketsView#default": default_8d789585c8ee432d1cfb576bd5ce69bd,
  "/components/admin/ManifestView#default": default_fa547795a38f7acadcb6e7e043ecc058,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
