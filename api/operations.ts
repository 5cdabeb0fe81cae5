import { createBooking } from './partner/create-booking';
import { getBooking } from './partner/get-booking';
import { getQuote } from './partner/get-quote';
import { getWebhookEndpoint } from './partner/get-webhook-endpoint';
import { rotateWebhookSecret } from './partner/rotate-webhook-secret';
import { sendTestWebhook } from './partner/send-test-webhook';
import { updateWebhookEndpoint } from './partner/update-webhook-endpoint';
import { issueToken } from './partner/oauth-token';
import { getPublicBooking } from './public/get-booking';
import { listPublicBookings } from './public/list-bookings';
import { authorizationServerMetadata, jwks } from './well-known';

/** Every API operation; the router and the OpenAPI document are both built from this list. */
export const OPERATIONS = [
  issueToken,
  jwks,
  authorizationServerMetadata,
  getQuote,
  createBooking,
  getBooking,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  rotateWebhookSecret,
  sendTestWebhook,
  listPublicBookings,
  getPublicBooking,
];
