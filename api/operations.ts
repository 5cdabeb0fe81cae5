import { cancelPartnerBooking } from './partner/cancel-booking';
import { createBooking } from './partner/create-booking';
import { getDriverUnit } from './driver/get-unit';
import { reportDriverPosition } from './driver/report-position';
import {
  answerDriverAllocation,
  reportDriverArrived,
  reportDriverOnTheWay,
  reportPassengerNoShow,
  reportPassengerOnBoard,
  reportTripCompleted,
} from './driver/ride-progress';
import { setDriverAvailability } from './driver/set-availability';
import { getDriverBankAccount, listDriverNoticesOperation, setDriverBankAccount } from './driver/bank-account';
import { getDriverBillingIdentity, setDriverBillingIdentity } from './driver/billing-identity';
import { getPayoutFile, importBankStatement, listPayoutFiles } from './public/payout-files';
import { getBankStatement, listBankStatements, resolveBankStatementLine } from './public/bank-statements';
import { getBooking } from './partner/get-booking';
import { getBookingStatus } from './partner/get-booking-status';
import { getQuote } from './partner/get-quote';
import { getWebhookEndpoint } from './partner/get-webhook-endpoint';
import { rotateWebhookSecret } from './partner/rotate-webhook-secret';
import { sendTestWebhook } from './partner/send-test-webhook';
import { updateWebhookEndpoint } from './partner/update-webhook-endpoint';
import { issueToken } from './partner/oauth-token';
import { getPartnerWebhookDelivery, listPartnerWebhookDeliveries, redeliverPartnerWebhooks } from './partner/webhook-deliveries';
import { cancelPublicBooking } from './public/cancel-booking';
import { createPublicBooking } from './public/create-booking';
import { createPublicQuote } from './public/create-quote';
import { searchPlacesOperation } from './public/places';
import { getPublicBooking } from './public/get-booking';
import { listPublicBookingEvents } from './public/booking-events';
import { reschedulePublicBooking } from './public/reschedule-booking';
import { reschedulePartnerBooking } from './partner/reschedule-booking';
import { listPublicBookings } from './public/list-bookings';
import { bookingTotals, exportInvoices, exportPublicBookings } from './public/exports';
import { getInvoice, getInvoiceCii, getInvoiceEinvoice, getInvoicePdf, listInvoices } from './public/invoices';
import { getSettlement, listSettlements } from './public/settlements';
import {
  getSelfBilledInvoice,
  getSelfBilledInvoiceCii,
  getSelfBilledInvoicePdf,
  getSelfBilledInvoiceUbl,
} from './public/self-billed-invoices';
import { listPayments } from './public/payments';
import { getPublicEvent, listPublicEvents } from './public/list-events';
import { listFleet } from './public/list-fleet';
import { trackPublicBooking } from './public/track-booking';
import { authorizationServerMetadata, jwks } from './well-known';
import { createWebhookDestination } from './public/webhooks/create-destination';
import { getWebhookDelivery, listWebhookDeliveries, redeliverWebhooks } from './public/webhooks/delivery-log';
import { deleteWebhookDestination } from './public/webhooks/delete-destination';
import { getWebhookDestination } from './public/webhooks/get-destination';
import { listWebhookDestinations } from './public/webhooks/list-destinations';
import { pauseWebhookDestination, resumeWebhookDestination } from './public/webhooks/pause-resume-destination';
import { rotateWebhookDestinationSecret } from './public/webhooks/rotate-secret';
import { revealWebhookDestinationSecret } from './public/webhooks/reveal-secret';
import { sendWebhookTestEvent } from './public/webhooks/send-test-event';
import { updateWebhookDestination } from './public/webhooks/update-destination';
import { createConsoleLinkOperation } from './public/console-links';
import { getWebhookDestinationStats } from './public/webhooks/destination-stats';
import { streamWebhookDeliveries } from './public/webhooks/delivery-stream';
import { getWebhookRecovery, recoverWebhookDestination } from './public/webhooks/recover-destination';
import { createApiKeyOperation, listApiKeys, revokeApiKeyOperation } from './public/api-keys';
import { rollApiKeyOperation } from './public/roll-api-key';
import { listRequestLogs } from './public/request-logs';

const WEBHOOK_DESTINATION_OPERATIONS = [
  createWebhookDestination,
  listWebhookDestinations,
  getWebhookDestination,
  updateWebhookDestination,
  deleteWebhookDestination,
  pauseWebhookDestination,
  resumeWebhookDestination,
  rotateWebhookSecret,
  sendWebhookTestEvent,
  getWebhookDestinationStats,
  recoverWebhookDestination,
  getWebhookRecovery,
  listWebhookDeliveries,
  streamWebhookDeliveries, // before getWebhookDelivery: `stream` is not a delivery id
  getWebhookDelivery,
  redeliverWebhooks,
  listPartnerWebhookDeliveries,
  getPartnerWebhookDelivery,
  redeliverPartnerWebhooks,
];

/** Every API operation; the router and the OpenAPI document are both built from this list. */
export const OPERATIONS = [
  issueToken,
  jwks,
  authorizationServerMetadata,
  createBooking,
  getBooking,
  listPublicBookings,
  exportPublicBookings,
  bookingTotals,
  getPublicBooking,
  listPublicBookingEvents,
  searchPlacesOperation,
  createPublicQuote,
  createPublicBooking,
  cancelPublicBooking,
  reschedulePublicBooking,
  listInvoices,
  exportInvoices,
  getInvoice,
  getInvoiceEinvoice,
  getInvoiceCii,
  getInvoicePdf,
  listSettlements,
  listPayments,
  getSettlement,
  getSelfBilledInvoice,
  getSelfBilledInvoiceUbl,
  getSelfBilledInvoiceCii,
  getSelfBilledInvoicePdf,
  listPayoutFiles,
  getPayoutFile,
  importBankStatement,
  listBankStatements,
  getBankStatement,
  resolveBankStatementLine,
  listPublicEvents,
  getPublicEvent,
  getBookingStatus,
  cancelPartnerBooking,
  reschedulePartnerBooking,
  listFleet,
  getDriverUnit,
  setDriverAvailability,
  getDriverBankAccount,
  listDriverNoticesOperation,
  setDriverBankAccount,
  getDriverBillingIdentity,
  setDriverBillingIdentity,
  reportDriverPosition,
  answerDriverAllocation,
  reportDriverOnTheWay,
  reportDriverArrived,
  reportPassengerOnBoard,
  reportTripCompleted,
  reportPassengerNoShow,
  trackPublicBooking,
  getQuote,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  rotateWebhookDestinationSecret,
  revealWebhookDestinationSecret,
  sendTestWebhook,
  ...WEBHOOK_DESTINATION_OPERATIONS,
  createConsoleLinkOperation,
  listApiKeys,
  createApiKeyOperation,
  revokeApiKeyOperation,
  rollApiKeyOperation,
  listRequestLogs,
];
