export * from './booking';
export * from './event';
export * from './fleet';
export * from './integrator';
export * from './partner';
export * from './public-webhook';
export * from './signing-key';

import { BookingSchema } from './booking';
import { HubEventSchema, WebhookDeliverySchema } from './event';
import { FleetUnitSchema } from './fleet';
import { ApiKeySchema, IntegratorAccountSchema } from './integrator';
import { OAuthClientSchema, PartnerSchema, PartnerWebhookEndpointSchema } from './partner';
import { PublicDeliveryAttemptSchema, PublicDeliverySchema, PublicEventSchema, WebhookDestinationSchema } from './public-webhook';
import { SigningKeySchema } from './signing-key';

export const ENTITIES = [
  BookingSchema,
  HubEventSchema,
  WebhookDeliverySchema,
  IntegratorAccountSchema,
  ApiKeySchema,
  PartnerSchema,
  OAuthClientSchema,
  PartnerWebhookEndpointSchema,
  SigningKeySchema,
  FleetUnitSchema,
  WebhookDestinationSchema,
  PublicEventSchema,
  PublicDeliverySchema,
  PublicDeliveryAttemptSchema,
];
