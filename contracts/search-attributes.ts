import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

// The same names and types as temporal-dev.yml (a unit test keeps them in step).
export const BookingStatusKey = defineSearchAttributeKey('BookingStatus', SearchAttributeType.KEYWORD);
export const PartnerIdKey = defineSearchAttributeKey('PartnerId', SearchAttributeType.KEYWORD);
/** The integrator account a public booking or quote belongs to. */
export const AccountIdKey = defineSearchAttributeKey('AccountId', SearchAttributeType.KEYWORD);
export const MarketKey = defineSearchAttributeKey('Market', SearchAttributeType.KEYWORD);
export const PickupAtKey = defineSearchAttributeKey('PickupAt', SearchAttributeType.DATETIME);
export const LiveModeKey = defineSearchAttributeKey('LiveMode', SearchAttributeType.BOOL);
export const DestinationStatusKey = defineSearchAttributeKey('DestinationStatus', SearchAttributeType.KEYWORD);
export const EventTypeKey = defineSearchAttributeKey('EventType', SearchAttributeType.KEYWORD);
/** The settlement cycle's period id, and the step it is at (closing, invoicing, notifying, done). */
export const FinancePeriodKey = defineSearchAttributeKey('FinancePeriod', SearchAttributeType.KEYWORD);
export const CycleStepKey = defineSearchAttributeKey('CycleStep', SearchAttributeType.KEYWORD);
/** The invoice a `payment:<id>` workflow pays. */
export const InvoiceNumberKey = defineSearchAttributeKey('InvoiceNumber', SearchAttributeType.KEYWORD);

export const ALL_SEARCH_ATTRIBUTE_KEYS = [
  BookingStatusKey,
  PartnerIdKey,
  AccountIdKey,
  MarketKey,
  PickupAtKey,
  LiveModeKey,
  DestinationStatusKey,
  EventTypeKey,
  FinancePeriodKey,
  CycleStepKey,
  InvoiceNumberKey,
];
