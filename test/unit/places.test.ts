import { airportsInGazetteer, resolveInGazetteer, searchGazetteer } from '../../domain/gazetteer';
import { CITIES, PLACES } from '../../domain/gazetteer-data';
import { marketOf } from '../../domain/markets';
import { addressMismatch, normalizePlaceText } from '../../domain/places';

const names = (places: { name: string }[]) => places.map((p) => p.name);

describe('the embedded gazetteer', () => {
  it('puts every place in its own market, the way pricing and dispatch will place its coordinates', () => {
    for (const p of [...CITIES.map((c) => ({ ...c, name: c.city })), ...PLACES]) expect([p.name, marketOf(p)]).toEqual([p.name, p.market]);
  });

  it.each([
    ['CDG', 'Paris Charles de Gaulle Airport'],
    ['cdg', 'Paris Charles de Gaulle Airport'],
    ['Gare du Nord', 'Gare du Nord'],
    ['GARE DU NORD, Paris', 'Gare du Nord'],
    ['Heathrow T5', 'Heathrow Terminal 5'],
    ['London Heathrow Terminal 5', 'Heathrow Terminal 5'],
    ['Zürich HB', 'Zürich Hauptbahnhof'],
    ['zurich hb', 'Zürich Hauptbahnhof'],
    ['Paris Charles de Gaulle, Terminal 2E', 'Charles de Gaulle Terminal 2'],
    ['Madrid Chamartín', 'Madrid Chamartín'],
    ['madrid chamartin', 'Madrid Chamartín'],
    ['Berlin Südkreuz', 'Berlin Südkreuz'],
    ['suedkreuz', 'Berlin Südkreuz'],
    ['8 rue de la Paix, 75002 Paris', 'Paris'],
    ['Londres', 'London'],
  ])('resolves %j to %s first, whatever the case, accents and the name used', (typed, expected) => {
    expect(resolveInGazetteer(typed)[0]?.name).toBe(expected);
    expect(searchGazetteer(typed, 5)[0]?.name).toBe(expected);
  });

  it('offers the places whose names begin with what was typed so far', () => {
    expect(names(searchGazetteer('gare du n', 5))).toEqual(['Gare du Nord']);
    expect(names(searchGazetteer('heath', 3))).toEqual(['London Heathrow Airport', 'Heathrow Terminal 2', 'Heathrow Terminal 3']);
    expect(searchGazetteer('zz', 5)).toEqual([]);
  });

  it('does not take a street named after a city for the city, nor a word for an airport code', () => {
    expect(resolveInGazetteer('12 avenue de Madrid, Neuilly-sur-Seine')).toEqual([]);
    expect(names(resolveInGazetteer('rue de Rome, 75008 Paris'))).toEqual(['Paris']);
    expect(resolveInGazetteer('Via Roma 1, Milano')).toEqual([]);
    // "mad" and "stn" are words too: only a code on its own or in capitals names an airport.
    expect(names(resolveInGazetteer('Kings Cross stn'))).toEqual(["King's Cross"]);
    expect(resolveInGazetteer('mad hatter tea rooms')).toEqual([]);
    expect(names(resolveInGazetteer('to MAD please'))).toEqual(['Adolfo Suárez Madrid–Barajas Airport']);
  });

  it('knows an airport by its IATA code, terminals included, and nothing of a code it does not have', () => {
    expect(names(airportsInGazetteer('lhr'))).toEqual([
      'London Heathrow Airport',
      'Heathrow Terminal 2',
      'Heathrow Terminal 3',
      'Heathrow Terminal 4',
      'Heathrow Terminal 5',
    ]);
    expect(airportsInGazetteer('ZZZ')).toEqual([]);
  });

  it('answers labels with the city and country the console confirms', () => {
    expect(searchGazetteer('Gare du Nord', 1)[0]).toMatchObject({
      kind: 'station',
      city: 'Paris',
      country: 'France',
      countryCode: 'FR',
      label: 'Gare du Nord, Paris, France',
    });
    expect(searchGazetteer('JFK', 1)[0]).toMatchObject({ kind: 'airport', iata: 'JFK', city: 'New York', countryCode: 'US' });
  });
});

describe('an address far from its coordinates', () => {
  const gareDuNord = resolveInGazetteer('Gare du Nord');
  it('is 5 km at most from a named place, 30 km from a city named alone', () => {
    expect(addressMismatch(gareDuNord, { lat: 48.8809, lng: 2.3553 })).toBeNull();
    expect(addressMismatch(gareDuNord, { lat: 48.8566, lng: 2.3522 })).toBeNull(); // 2.7 km: the forecourt, a side street
    expect(addressMismatch(gareDuNord, { lat: 48.8924, lng: 2.2369 })).toMatchObject({ toleranceKm: 5, place: { name: 'Gare du Nord' } }); // La Défense
    const paris = resolveInGazetteer('10 Place Vendôme, Paris');
    expect(addressMismatch(paris, { lat: 48.8924, lng: 2.2369 })).toBeNull();
    const london = addressMismatch(paris, { lat: 51.5074, lng: -0.1278 });
    expect(london).toMatchObject({ toleranceKm: 30, place: { name: 'Paris' } });
    expect(london!.distanceKm).toBeGreaterThan(300);
    expect(london!.distanceKm).toBeLessThan(360);
  });

  it('is not known when the address resolves to nothing, and passes when one of several meanings fits', () => {
    expect(addressMismatch([], { lat: 0, lng: 0 })).toBeNull();
    expect(addressMismatch(resolveInGazetteer('CDG'), { lat: 49.0147, lng: 2.542 })).toBeNull();
  });

  it('compares text without accents, case or punctuation', () => {
    expect(normalizePlaceText("  Gare de l'Est — PARIS ")).toBe('gare de l est paris');
    expect(normalizePlaceText('Straße')).toBe('strasse');
  });
});
