import { asyncApiDocument, EVENT_CATALOGUE, eventCatalogueDocument } from '../../api/public/event-catalogue';
import { PUBLIC_EVENT_TYPES } from '../../domain/public-events';

describe('public event catalogue', () => {
  it('lists every public event type with an example its own data schema accepts', () => {
    expect(Object.keys(EVENT_CATALOGUE).sort()).toEqual([...PUBLIC_EVENT_TYPES].sort());
    for (const type of PUBLIC_EVENT_TYPES) {
      const entry = EVENT_CATALOGUE[type];
      expect([type, entry.data.safeParse(entry.example).success]).toEqual([type, true]);
    }
    expect(EVENT_CATALOGUE['invoice.created'].data.safeParse({ number: 1 }).success).toBe(false);
  });

  it('serves each envelope as JSON Schema and the whole as AsyncAPI 3', () => {
    const doc = eventCatalogueDocument();
    const cancelled = doc.events.find((e) => e.type === 'booking.cancelled')!;
    expect(cancelled.schema).toMatchObject({
      required: ['id', 'type', 'created', 'livemode', 'data'],
      properties: { type: { const: 'booking.cancelled' } },
    });
    const data = cancelled.schema.properties.data as { $ref?: string };
    const defs = (cancelled.schema as { $defs?: Record<string, unknown> }).$defs ?? {};
    const resolved = data.$ref ? defs[data.$ref.replace('#/$defs/', '')] : data;
    expect(resolved).toMatchObject({
      type: 'object',
      properties: expect.objectContaining({ ref: expect.any(Object), total: expect.any(Object) }),
    });
    const asyncapi = asyncApiDocument('http://hub.test');
    expect(asyncapi.asyncapi).toBe('3.0.0');
    expect(Object.keys(asyncapi.components.messages)).toHaveLength(PUBLIC_EVENT_TYPES.length);
  });
});
