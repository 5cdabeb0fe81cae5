import { createBooking } from './partner/create-booking';
import { getBooking } from './partner/get-booking';
import { issueToken } from './partner/oauth-token';
import { getPartnerWebhookDelivery, listPartnerWebhookDeliveries, redeliverPartnerWebhooks } from './partner/webhook-deliveries';
import { getPublicBooking } from './public/get-booking';
import { listPublicBookings } from './public/list-bookings';
import { authorizationServerMetadata, jwks } from './well-known';
import { createWebhookDestination } from './public/webhooks/create-destination';
import { getWebhookDelivery, listWebhookDeliveries, redeliverWebhooks } from './public/webhooks/delivery-log';
import { deleteWebhookDestination } from './public/webhooks/delete-destination';
import { getWebhookDestination } from './public/webhooks/get-destination';
import { listWebhookDestinations } from './public/webhooks/list-destinations';
import { pauseWebhookDestination, resumeWebhookDestination } from './public/webhooks/pause-resume-destination';
import { rotateWebhookSecret } from './public/webhooks/rotate-secret';
import { sendWebhookTestEvent } from './public/webhooks/send-test-event';
import { updateWebhookDestination } from './public/webhooks/update-destination';

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
  listWebhookDeliveries,
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
  getPublicBooking,
  ...WEBHOOK_DESTINATION_OPERATIONS,
];
