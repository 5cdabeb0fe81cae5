import { CITIES, PLACES, type GazetteerCity, type GazetteerPlace } from './gazetteer-data';
import { normalizePlaceText, type PlaceCandidate } from './places';

/**
 * The embedded geocoder: the markets' centres, airports and main stations (domain/gazetteer-data.ts), matched by the
 * names people type for them, without accents or case. Good for a demo and for the far-address check of these places;
 * a street address resolves to its city at best (a real geocoder over HTTP does streets: infra/geocoder.ts).
 */

interface Entry {
  candidate: PlaceCandidate;
  /** Normalized names, each as its words. */
  names: string[][];
  /** An airport's IATA code, lower case, and the pattern of it in capitals as a word of an address ("CDG T2", "to LHR"). */
  iata?: { code: string; inCapitals: RegExp };
}

const cityOf = new Map(CITIES.map((c) => [c.market, c]));

function cityCandidate(c: GazetteerCity): PlaceCandidate {
  return {
    name: c.city,
    kind: 'city',
    city: c.city,
    country: c.country,
    countryCode: c.countryCode,
    lat: c.lat,
    lng: c.lng,
    label: `${c.city}, ${c.country}`,
  };
}

function placeCandidate(p: GazetteerPlace): PlaceCandidate {
  const c = cityOf.get(p.market)!;
  return {
    name: p.name,
    kind: p.kind,
    city: c.city,
    country: c.country,
    countryCode: c.countryCode,
    lat: p.lat,
    lng: p.lng,
    label: `${p.name}, ${c.city}, ${c.country}`,
    ...(p.iata ? { iata: p.iata } : {}),
  };
}

const words = (text: string) => normalizePlaceText(text).split(' ').filter(Boolean);

const ENTRIES: Entry[] = [
  ...CITIES.map((c) => ({ candidate: cityCandidate(c), names: [c.city, ...c.aliases].map(words) })),
  ...PLACES.map((p) => ({
    candidate: placeCandidate(p),
    names: [p.name, ...p.aliases].map(words),
    ...(p.iata ? { iata: { code: p.iata.toLowerCase(), inCapitals: new RegExp(`\\b${p.iata.toUpperCase()}\\b`) } } : {}),
  })),
];

/** An address as scoring reads it, worked out once per lookup instead of once per entry. */
interface ReadAddress {
  raw: string;
  words: string[];
  /** Its parts between commas, each as its words without digits (postcodes, house numbers). */
  parts: string[][];
}

function readAddress(raw: string): ReadAddress {
  // Normalizing turns commas into spaces, so the whole text's words are its parts' words in a row.
  const parts = raw.split(',').map(words);
  return { raw, words: parts.flat(), parts: parts.map((w) => w.filter((x) => !/\d/.test(x))) };
}

/** Where `name` occurs in `text` as whole words, or -1. */
function wordsAt(text: string[], name: string[]): number {
  for (let i = 0; i + name.length <= text.length; i++) if (name.every((w, j) => text[i + j] === w)) return i;
  return -1;
}

/** Words that start a street's name: a street named after a city ("Avenue de Madrid", "Via Roma") is not that city. */
const STREET_WORDS = new Set(
  'rue avenue av boulevard bd place quai chemin allee impasse calle avenida paseo plaza via viale piazza corso strasse str platz weg straat laan plein gracht street road lane square way'.split(
    ' ',
  ),
);

/**
 * A city counts when its name ends a part of the address (the parts between commas, leaving out postcodes and other
 * words with digits: "8 rue de la Paix, 75002 Paris") and that part is not a street's name.
 */
function namesCityIn(address: ReadAddress, name: string[]): boolean {
  return address.parts.some(
    (w) => w.length >= name.length && !STREET_WORDS.has(w[0]!) && wordsAt(w.slice(w.length - name.length), name) === 0,
  );
}

/** How specifically `text` names the entry: 0 not at all; more words named, and a place over its city, score higher. */
function score(entry: Entry, address: ReadAddress): number {
  const t = address.words;
  let best = 0;
  for (const name of entry.names) {
    if (wordsAt(t, name) < 0) continue;
    if (entry.candidate.kind === 'city' && !namesCityIn(address, name)) continue;
    best = Math.max(best, name.length * 10 + (entry.candidate.kind === 'city' ? 0 : 5));
  }
  // An IATA code on its own ("cdg"), or written in capitals within an address ("CDG T2", "to LHR").
  if (entry.iata && ((t.length === 1 && t[0] === entry.iata.code) || entry.iata.inCapitals.test(address.raw))) best = Math.max(best, 15);
  return best;
}

/**
 * What an address means, as far as the gazetteer knows: the most specific places it names (several only when they
 * are named as specifically: "rue de Rome, Paris" names two cities), or none.
 */
export function resolveInGazetteer(address: string): PlaceCandidate[] {
  const read = readAddress(address);
  const scored = ENTRIES.map((e) => ({ e, s: score(e, read) })).filter((x) => x.s > 0);
  const top = Math.max(0, ...scored.map((x) => x.s));
  return scored.filter((x) => x.s === top).map((x) => x.e.candidate);
}

/**
 * Places for someone typing: those the text names, most specific first, then those whose name begins with what was
 * typed so far ("gare du n", "heath"). At most `limit`.
 */
export function searchGazetteer(query: string, limit: number): PlaceCandidate[] {
  const typed = normalizePlaceText(query);
  if (!typed) return [];
  const read = readAddress(query);
  const ranked = ENTRIES.map((e) => {
    const named = score(e, read);
    const begun = e.names.some((n) => n.join(' ').startsWith(typed)) ? 1 : 0;
    return { e, s: named || begun };
  }).filter((x) => x.s > 0);
  ranked.sort((a, b) => b.s - a.s);
  return ranked.slice(0, limit).map((x) => x.e.candidate);
}

/** The airport (and its terminals) an IATA code names, when the gazetteer has it; none otherwise. */
export function airportsInGazetteer(iata: string): PlaceCandidate[] {
  return ENTRIES.filter((e) => e.iata?.code === iata.toLowerCase()).map((e) => e.candidate);
}
