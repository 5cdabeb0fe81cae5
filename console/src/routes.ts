import type { Page } from './shell';
import { BookingPage, BookingsPage, NewBookingPage } from './pages/bookings';
import { DeliveriesPage } from './pages/deliveries';
import { NewWebhookPage, WebhookPage, WebhooksPage } from './pages/webhooks';

/** The console's top-level sections, in the order of the navigation. */
export const sections: { path: string; label: string; operatorOnly?: boolean }[] = [
  { path: '/webhooks', label: 'Webhooks' },
  { path: '/deliveries', label: 'Deliveries' },
  { path: '/bookings', label: 'Bookings' },
];

/** Every page and the section it belongs to; the first pattern that matches wins. */
export const routes: { path: string; page: Page; section: string }[] = [
  { path: '/webhooks', page: WebhooksPage, section: '/webhooks' },
  { path: '/webhooks/new', page: NewWebhookPage, section: '/webhooks' },
  { path: '/webhooks/:id', page: WebhookPage, section: '/webhooks' },
  { path: '/deliveries', page: DeliveriesPage, section: '/deliveries' },
  { path: '/bookings', page: BookingsPage, section: '/bookings' },
  { path: '/bookings/new', page: NewBookingPage, section: '/bookings' },
  { path: '/bookings/:ref', page: BookingPage, section: '/bookings' },
];
