import type { MikroORM } from '@mikro-orm/postgresql';
import { createPartner } from '../../app/accounts';
import type { CreateBookingBody } from '../../api/partner/create-booking';
import { TEST_SECRETS } from './hub';

export async function createTestPartner(orm: MikroORM, input: Partial<Parameters<typeof createPartner>[2]> = {}) {
  const partner = await createPartner(orm, TEST_SECRETS, { name: 'Test Partner', ...input });
  const client = (env: 'sandbox' | 'live') => partner.clients.find((c) => c.environment === env)!;
  return { ...partner, sandbox: client('sandbox'), live: client('live') };
}

export async function requestToken(baseUrl: string, client: { clientId: string; clientSecret: string }, scope?: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) }),
  });
  if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

let externalIds = 0;

/** A valid booking request; each call has its own `external_id` (unique per partner and environment). */
export function bookingBody(overrides: Partial<CreateBookingBody> = {}): CreateBookingBody {
  return {
    external_id: `OTA-${process.pid}-${++externalIds}`,
    pickup: {
      address: 'Paris Charles de Gaulle, Terminal 2E',
      lat: 49.0097,
      lng: 2.5479,
      datetime: new Date(Date.now() + 48 * 3600_000).toISOString(),
      flight_number: 'AF1234',
    },
    dropoff: { address: '10 Place Vendôme, Paris', lat: 48.8674, lng: 2.3294 },
    passenger: { name: 'Ada Lovelace', phone: '+33612345678', email: 'ada@example.com', pax: 2, luggage: 2 },
    vehicle_class: 'executive',
    currency: 'EUR',
    ...overrides,
  };
}

export function postJson(url: string, token: string, body: unknown, headers: Record<string, string> = {}) {
  return sendJson('POST', url, token, body, headers);
}

export function putJson(url: string, token: string, body: unknown, headers: Record<string, string> = {}) {
  return sendJson('PUT', url, token, body, headers);
}

async function sendJson(method: 'POST' | 'PUT', url: string, token: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
}

export async function getJson(url: string, token?: string) {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
}
