export { bookingWorkflow } from './booking';
export { partnerWebhookWorkflow } from './partner-webhook';
export { quoteWorkflow } from './quote';
