/**
 * The embedded geocoder's places (domain/gazetteer.ts): each market's centre (domain/markets.ts), airports and main
 * railway stations, with their coordinates (WGS 84, to about 100 m: an airport's reference point or the terminal
 * building, a station's main hall) and the other names people type for them. Names and aliases are compared after
 * normalizePlaceText (no accents or case), so "Zürich HB" and "zurich hb" are one alias.
 */

export interface GazetteerCity {
  market: string;
  city: string;
  country: string;
  countryCode: string;
  lat: number;
  lng: number;
  aliases: string[];
}

export interface GazetteerPlace {
  market: string;
  name: string;
  kind: 'airport' | 'station' | 'landmark';
  lat: number;
  lng: number;
  iata?: string;
  aliases: string[];
}

export const CITIES: GazetteerCity[] = [
  { market: 'PAR', city: 'Paris', country: 'France', countryCode: 'FR', lat: 48.8566, lng: 2.3522, aliases: [] },
  {
    market: 'LON',
    city: 'London',
    country: 'United Kingdom',
    countryCode: 'GB',
    lat: 51.5074,
    lng: -0.1278,
    aliases: ['londres', 'londra'],
  },
  { market: 'BER', city: 'Berlin', country: 'Germany', countryCode: 'DE', lat: 52.52, lng: 13.405, aliases: ['berlino', 'berlijn'] },
  { market: 'MAD', city: 'Madrid', country: 'Spain', countryCode: 'ES', lat: 40.4168, lng: -3.7038, aliases: [] },
  { market: 'ROM', city: 'Rome', country: 'Italy', countryCode: 'IT', lat: 41.9028, lng: 12.4964, aliases: ['roma', 'rom'] },
  { market: 'AMS', city: 'Amsterdam', country: 'Netherlands', countryCode: 'NL', lat: 52.3676, lng: 4.9041, aliases: [] },
  { market: 'ZRH', city: 'Zurich', country: 'Switzerland', countryCode: 'CH', lat: 47.3769, lng: 8.5417, aliases: ['zuerich', 'zurigo'] },
  { market: 'DXB', city: 'Dubai', country: 'United Arab Emirates', countryCode: 'AE', lat: 25.2048, lng: 55.2708, aliases: [] },
  {
    market: 'NYC',
    city: 'New York',
    country: 'United States',
    countryCode: 'US',
    lat: 40.7128,
    lng: -74.006,
    aliases: ['new york city', 'nyc', 'manhattan'],
  },
];

/** "terminal 2", "t2", "terminal 2e", "t2e"… after each of an airport's names: the forms people write a terminal in. */
function terminalAliases(airportNames: string[], terminal: string, letters = ''): string[] {
  const numbers = [terminal, ...[...letters].map((l) => terminal + l)];
  return airportNames.flatMap((a) => numbers.flatMap((n) => [`${a} terminal ${n}`, `${a} t${n}`]));
}

const CDG_NAMES = ['cdg', 'charles de gaulle', 'roissy', 'paris cdg'];
const LHR_NAMES = ['lhr', 'heathrow', 'london heathrow'];

export const PLACES: GazetteerPlace[] = [
  // Paris
  {
    market: 'PAR',
    name: 'Paris Charles de Gaulle Airport',
    kind: 'airport',
    iata: 'CDG',
    lat: 49.0097,
    lng: 2.5479,
    aliases: ['charles de gaulle', 'roissy charles de gaulle', 'roissy', 'aeroport charles de gaulle', 'paris cdg'],
  },
  {
    market: 'PAR',
    name: 'Charles de Gaulle Terminal 1',
    kind: 'airport',
    iata: 'CDG',
    lat: 49.0147,
    lng: 2.542,
    aliases: terminalAliases(CDG_NAMES, '1'),
  },
  {
    market: 'PAR',
    name: 'Charles de Gaulle Terminal 2',
    kind: 'airport',
    iata: 'CDG',
    lat: 49.0039,
    lng: 2.5711,
    aliases: terminalAliases(CDG_NAMES, '2', 'abcdefg'),
  },
  {
    market: 'PAR',
    name: 'Charles de Gaulle Terminal 3',
    kind: 'airport',
    iata: 'CDG',
    lat: 49.0131,
    lng: 2.5573,
    aliases: terminalAliases(CDG_NAMES, '3'),
  },
  {
    market: 'PAR',
    name: 'Paris Orly Airport',
    kind: 'airport',
    iata: 'ORY',
    lat: 48.7262,
    lng: 2.3652,
    aliases: ['orly', 'aeroport d orly'],
  },
  { market: 'PAR', name: 'Paris Beauvais Airport', kind: 'airport', iata: 'BVA', lat: 49.4544, lng: 2.1128, aliases: ['beauvais tille'] },
  { market: 'PAR', name: 'Gare du Nord', kind: 'station', lat: 48.8809, lng: 2.3553, aliases: ['paris nord', 'paris gare du nord'] },
  { market: 'PAR', name: 'Gare de Lyon', kind: 'station', lat: 48.8443, lng: 2.3743, aliases: ['paris gare de lyon'] },
  { market: 'PAR', name: "Gare de l'Est", kind: 'station', lat: 48.8768, lng: 2.3592, aliases: ['paris est', 'gare de l est'] },
  { market: 'PAR', name: 'Gare Montparnasse', kind: 'station', lat: 48.8412, lng: 2.321, aliases: ['paris montparnasse'] },
  {
    market: 'PAR',
    name: 'Gare Saint-Lazare',
    kind: 'station',
    lat: 48.8763,
    lng: 2.3254,
    aliases: ['paris saint lazare', 'gare st lazare'],
  },
  {
    market: 'PAR',
    name: "Gare d'Austerlitz",
    kind: 'station',
    lat: 48.8424,
    lng: 2.3653,
    aliases: ['paris austerlitz', 'gare d austerlitz'],
  },
  // London
  { market: 'LON', name: 'London Heathrow Airport', kind: 'airport', iata: 'LHR', lat: 51.47, lng: -0.4543, aliases: ['heathrow'] },
  {
    market: 'LON',
    name: 'Heathrow Terminal 2',
    kind: 'airport',
    iata: 'LHR',
    lat: 51.4694,
    lng: -0.4503,
    aliases: terminalAliases(LHR_NAMES, '2'),
  },
  {
    market: 'LON',
    name: 'Heathrow Terminal 3',
    kind: 'airport',
    iata: 'LHR',
    lat: 51.4713,
    lng: -0.4567,
    aliases: terminalAliases(LHR_NAMES, '3'),
  },
  {
    market: 'LON',
    name: 'Heathrow Terminal 4',
    kind: 'airport',
    iata: 'LHR',
    lat: 51.4594,
    lng: -0.4465,
    aliases: terminalAliases(LHR_NAMES, '4'),
  },
  {
    market: 'LON',
    name: 'Heathrow Terminal 5',
    kind: 'airport',
    iata: 'LHR',
    lat: 51.472,
    lng: -0.4887,
    aliases: terminalAliases(LHR_NAMES, '5'),
  },
  { market: 'LON', name: 'London Gatwick Airport', kind: 'airport', iata: 'LGW', lat: 51.1537, lng: -0.1821, aliases: ['gatwick'] },
  { market: 'LON', name: 'London Stansted Airport', kind: 'airport', iata: 'STN', lat: 51.886, lng: 0.2389, aliases: ['stansted'] },
  { market: 'LON', name: 'London Luton Airport', kind: 'airport', iata: 'LTN', lat: 51.8747, lng: -0.3683, aliases: ['luton airport'] },
  { market: 'LON', name: 'London City Airport', kind: 'airport', iata: 'LCY', lat: 51.5048, lng: 0.0495, aliases: [] },
  {
    market: 'LON',
    name: 'St Pancras International',
    kind: 'station',
    lat: 51.5309,
    lng: -0.1262,
    aliases: ['st pancras', 'saint pancras', 'london st pancras', 'eurostar london'],
  },
  {
    market: 'LON',
    name: "King's Cross",
    kind: 'station',
    lat: 51.5308,
    lng: -0.1238,
    aliases: ['kings cross', 'king s cross', 'london kings cross'],
  },
  { market: 'LON', name: 'Paddington', kind: 'station', lat: 51.5154, lng: -0.1755, aliases: ['london paddington', 'paddington station'] },
  { market: 'LON', name: 'Waterloo', kind: 'station', lat: 51.5031, lng: -0.1132, aliases: ['london waterloo', 'waterloo station'] },
  { market: 'LON', name: 'Victoria', kind: 'station', lat: 51.4952, lng: -0.1441, aliases: ['london victoria', 'victoria station'] },
  {
    market: 'LON',
    name: 'Liverpool Street',
    kind: 'station',
    lat: 51.5178,
    lng: -0.0823,
    aliases: ['london liverpool street', 'liverpool street station'],
  },
  { market: 'LON', name: 'Euston', kind: 'station', lat: 51.5282, lng: -0.1337, aliases: ['london euston', 'euston station'] },
  { market: 'LON', name: 'London Bridge', kind: 'station', lat: 51.5049, lng: -0.0863, aliases: ['london bridge station'] },
  // Berlin
  {
    market: 'BER',
    name: 'Berlin Brandenburg Airport',
    kind: 'airport',
    iata: 'BER',
    lat: 52.3667,
    lng: 13.5033,
    aliases: ['berlin brandenburg', 'flughafen ber', 'flughafen berlin brandenburg', 'schonefeld'],
  },
  {
    market: 'BER',
    name: 'Berlin Hauptbahnhof',
    kind: 'station',
    lat: 52.5251,
    lng: 13.3694,
    aliases: ['berlin hbf', 'berlin central station', 'hauptbahnhof berlin'],
  },
  { market: 'BER', name: 'Berlin Ostbahnhof', kind: 'station', lat: 52.5108, lng: 13.4348, aliases: ['ostbahnhof'] },
  { market: 'BER', name: 'Berlin Südkreuz', kind: 'station', lat: 52.4753, lng: 13.3655, aliases: ['sudkreuz', 'suedkreuz'] },
  { market: 'BER', name: 'Berlin Gesundbrunnen', kind: 'station', lat: 52.5487, lng: 13.3886, aliases: ['gesundbrunnen'] },
  // Madrid
  {
    market: 'MAD',
    name: 'Adolfo Suárez Madrid–Barajas Airport',
    kind: 'airport',
    iata: 'MAD',
    lat: 40.4893,
    lng: -3.5676,
    aliases: ['barajas', 'madrid barajas', 'aeropuerto de madrid'],
  },
  {
    market: 'MAD',
    name: 'Madrid Puerta de Atocha',
    kind: 'station',
    lat: 40.4066,
    lng: -3.6892,
    aliases: ['atocha', 'puerta de atocha', 'madrid atocha'],
  },
  { market: 'MAD', name: 'Madrid Chamartín', kind: 'station', lat: 40.4721, lng: -3.6825, aliases: ['chamartin', 'madrid chamartin'] },
  // Rome
  {
    market: 'ROM',
    name: 'Rome Fiumicino Airport',
    kind: 'airport',
    iata: 'FCO',
    lat: 41.8003,
    lng: 12.2389,
    aliases: ['fiumicino', 'leonardo da vinci airport', 'roma fiumicino'],
  },
  {
    market: 'ROM',
    name: 'Rome Ciampino Airport',
    kind: 'airport',
    iata: 'CIA',
    lat: 41.7994,
    lng: 12.5949,
    aliases: ['ciampino', 'roma ciampino'],
  },
  {
    market: 'ROM',
    name: 'Roma Termini',
    kind: 'station',
    lat: 41.901,
    lng: 12.5016,
    aliases: ['termini', 'rome termini', 'stazione termini'],
  },
  { market: 'ROM', name: 'Roma Tiburtina', kind: 'station', lat: 41.9106, lng: 12.5305, aliases: ['tiburtina', 'rome tiburtina'] },
  // Amsterdam
  {
    market: 'AMS',
    name: 'Amsterdam Airport Schiphol',
    kind: 'airport',
    iata: 'AMS',
    lat: 52.3105,
    lng: 4.7683,
    aliases: ['schiphol', 'amsterdam schiphol'],
  },
  {
    market: 'AMS',
    name: 'Amsterdam Centraal',
    kind: 'station',
    lat: 52.3791,
    lng: 4.9003,
    aliases: ['amsterdam cs', 'amsterdam central station', 'centraal station amsterdam'],
  },
  { market: 'AMS', name: 'Amsterdam Zuid', kind: 'station', lat: 52.3389, lng: 4.873, aliases: ['amsterdam south'] },
  // Zurich
  {
    market: 'ZRH',
    name: 'Zurich Airport',
    kind: 'airport',
    iata: 'ZRH',
    lat: 47.4582,
    lng: 8.5555,
    aliases: ['flughafen zurich', 'zurich kloten', 'kloten'],
  },
  {
    market: 'ZRH',
    name: 'Zürich Hauptbahnhof',
    kind: 'station',
    lat: 47.3779,
    lng: 8.5403,
    aliases: ['zurich hb', 'zurich hbf', 'zurich main station', 'zurich central station'],
  },
  // Dubai
  {
    market: 'DXB',
    name: 'Dubai International Airport',
    kind: 'airport',
    iata: 'DXB',
    lat: 25.2532,
    lng: 55.3657,
    aliases: ['dubai airport', 'dubai international'],
  },
  {
    market: 'DXB',
    name: 'Al Maktoum International Airport',
    kind: 'airport',
    iata: 'DWC',
    lat: 24.8963,
    lng: 55.1614,
    aliases: ['al maktoum', 'dubai world central'],
  },
  { market: 'DXB', name: 'Burj Khalifa', kind: 'landmark', lat: 25.1972, lng: 55.2744, aliases: ['downtown dubai'] },
  // New York
  {
    market: 'NYC',
    name: 'John F. Kennedy International Airport',
    kind: 'airport',
    iata: 'JFK',
    lat: 40.6413,
    lng: -73.7781,
    aliases: ['jfk airport', 'kennedy airport', 'john f kennedy'],
  },
  {
    market: 'NYC',
    name: 'LaGuardia Airport',
    kind: 'airport',
    iata: 'LGA',
    lat: 40.7769,
    lng: -73.874,
    aliases: ['laguardia', 'la guardia'],
  },
  {
    market: 'NYC',
    name: 'Newark Liberty International Airport',
    kind: 'airport',
    iata: 'EWR',
    lat: 40.6895,
    lng: -74.1745,
    aliases: ['newark airport', 'newark liberty'],
  },
  {
    market: 'NYC',
    name: 'Penn Station',
    kind: 'station',
    lat: 40.7506,
    lng: -73.9935,
    aliases: ['pennsylvania station', 'new york penn station'],
  },
  {
    market: 'NYC',
    name: 'Grand Central Terminal',
    kind: 'station',
    lat: 40.7527,
    lng: -73.9772,
    aliases: ['grand central', 'grand central station'],
  },
];
