/** One type of the event catalogue `/events.json` (served by the hub beside the public document). */
export interface CatalogueEvent {
  type: string;
  description: string;
  example: unknown;
}

let cached: Promise<CatalogueEvent[]> | null = null;

export function loadCatalogue(): Promise<CatalogueEvent[]> {
  cached ??= fetch('/events.json', { credentials: 'same-origin' }).then(async (response) => {
    if (!response.ok) {
      cached = null;
      throw new Error(`The event catalogue answered ${response.status}.`);
    }
    return ((await response.json()) as { events: CatalogueEvent[] }).events;
  });
  return cached;
}
