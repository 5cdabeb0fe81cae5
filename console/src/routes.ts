import type { Page } from './shell';
import { ApiKeysPage } from './pages/api-keys';
import { BookingPage } from './pages/booking';
import { BookingsPage } from './pages/bookings';
import { DeliveriesPage } from './pages/deliveries';
import { EventPage } from './pages/event';
import { EventsPage } from './pages/events';
import { FleetPage } from './pages/fleet';
import { InvoicePage } from './pages/invoice';
import { InvoicesPage } from './pages/invoices';
import { NewBookingPage } from './pages/new-booking';
import { NewWebhookPage } from './pages/new-webhook';
import { OverviewPage } from './pages/overview';
import { PaymentsPage } from './pages/payments';
import { RequestLogPage } from './pages/request-log';
import { SettlementsPage } from './pages/settlements';
import { WebhookPage } from './pages/webhook';
import { WebhooksPage } from './pages/webhooks';

/**
 * The console's top-level sections, in the order of the navigation; a section shows when the login holds one of its
 * scopes (the API would refuse the rest with 403 anyway).
 */
export const sections: { path: string; label: string; scopes: string[] }[] = [
  { path: '/', label: 'Overview', scopes: [] },
  { path: '/webhooks', label: 'Webhooks', scopes: ['webhooks.manage'] },
  { path: '/deliveries', label: 'Deliveries', scopes: ['webhooks.manage'] },
  { path: '/events', label: 'Events', scopes: ['bookings.read', 'invoices.read', 'payments.read'] },
  { path: '/bookings', label: 'Bookings', scopes: ['bookings.read'] },
  { path: '/finance', label: 'Finance', scopes: ['invoices.read', 'payments.read'] },
  { path: '/api-keys', label: 'API keys', scopes: ['keys.manage'] },
];

/** Every page and the section it belongs to; the first pattern that matches wins. */
export const routes: { path: string; page: Page; section: string }[] = [
  { path: '/', page: OverviewPage, section: '/' },
  { path: '/webhooks', page: WebhooksPage, section: '/webhooks' },
  { path: '/webhooks/new', page: NewWebhookPage, section: '/webhooks' },
  { path: '/webhooks/:id', page: WebhookPage, section: '/webhooks' },
  { path: '/deliveries', page: DeliveriesPage, section: '/deliveries' },
  { path: '/events', page: EventsPage, section: '/events' },
  { path: '/events/:id', page: EventPage, section: '/events' },
  { path: '/bookings', page: BookingsPage, section: '/bookings' },
  { path: '/bookings/new', page: NewBookingPage, section: '/bookings' },
  { path: '/bookings/:ref', page: BookingPage, section: '/bookings' },
  { path: '/finance', page: InvoicesPage, section: '/finance' },
  { path: '/finance/invoices/:number', page: InvoicePage, section: '/finance' },
  { path: '/finance/payments', page: PaymentsPage, section: '/finance' },
  { path: '/finance/settlements', page: SettlementsPage, section: '/finance' },
  { path: '/finance/fleet', page: FleetPage, section: '/finance' },
  { path: '/api-keys', page: ApiKeysPage, section: '/api-keys' },
  { path: '/api-keys/requests', page: RequestLogPage, section: '/api-keys' },
];
