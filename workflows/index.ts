export { bookingWorkflow } from './booking';
export { partnerWebhookWorkflow } from './partner-webhook';
export { partnerEndpointWorkflow } from './partner-endpoint';
export { quoteWorkflow } from './quote';
export { deliveryWorkflow } from './public-delivery';
export { destinationWorkflow } from './destination';
export { publicEventWorkflow } from './public-events';
export { passengerDataRetentionWorkflow } from './retention';
