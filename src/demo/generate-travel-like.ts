import type { ObjectValue } from '../values/index.js';
import type { GeneratedDocument } from './generate-demo.js';
import { Mulberry32 } from './mulberry32.js';
import { letters, paragraph, personName, phoneNumber, reviewDate, sentence, spaced } from './text.js';
import {
  ACTIVITIES,
  AIRLINE_WORDS,
  AIRPORT_WORDS,
  CITIES,
  EQUIPMENT,
  HOTEL_KINDS,
  HOTEL_WORDS,
  LANDMARK_WORDS,
  STREET_KINDS,
  STREET_NAMES,
  TIMEZONES,
  URL_HOSTS,
} from './vocabulary.js';

/** Cumulative shares of the document types in travel-sample.jsonl (airline 2%, airport 28%, hotel 13%, route 44%, landmark 13%). */
const SHARES: readonly (readonly [number, TravelType])[] = [
  [0.022, 'airline'],
  [0.306, 'airport'],
  [0.438, 'hotel'],
  [0.87, 'route'],
  [1, 'landmark'],
];

type TravelType = 'airline' | 'airport' | 'hotel' | 'route' | 'landmark';

/**
 * Generates documents shaped like Couchbase's travel-sample (`airline`, `airport`, `hotel`, `route`,
 * `landmark`, with their fields and nesting), in the dataset's proportions, deterministically for a
 * seed. Words are drawn Zipf-like from a vocabulary of realistic names, so tokens repeat as in
 * real data. Keys follow the dataset's template `%type%_%id%` (ids count from 1 per type).
 * Fast enough for benchmarks (several hundred thousand documents per second).
 * @param count number of documents
 * @param seed PRNG seed
 */
export function* generateTravelLikeDocuments(count: number, seed: number): Generator<GeneratedDocument> {
  const rng = new Mulberry32(seed);
  const ids: Record<TravelType, number> = { airline: 0, airport: 0, hotel: 0, route: 0, landmark: 0 };
  for (let i = 0; i < count; i++) {
    const r = rng.next();
    let type: TravelType = 'landmark';
    for (const [share, t] of SHARES) {
      if (r < share) {
        type = t;
        break;
      }
    }
    const id = ++ids[type];
    let value: ObjectValue;
    switch (type) {
      case 'airline':
        value = airline(rng, id);
        break;
      case 'airport':
        value = airport(rng, id);
        break;
      case 'hotel':
        value = hotel(rng, id);
        break;
      case 'route':
        value = route(rng, id, ids.airline);
        break;
      default:
        value = landmark(rng, id);
    }
    yield { key: `${type}_${id}`, value };
  }
}

const SYLLABLES = 'ka lo mi ra ve tan bel cor dun fis gar hol jen kri lum mor nes pal quin ros sil tor ul var wen xan yor zel ber cam del fon gri hav ist jor kel lan mar nor'.split(' ');

/**
 * A proper noun of two or three syllables (about 65,000 of them, drawn uniformly), like the many
 * one-off place and family names in real hotel and landmark names: gives the corpus the long
 * tail of rare tokens that point lookups find.
 */
function properNoun(rng: Mulberry32): string {
  const n = rng.chance(0.5) ? 2 : 3;
  let w = '';
  for (let i = 0; i < n; i++) w += rng.pick(SYLLABLES);
  return w[0].toUpperCase() + w.slice(1);
}

function airline(rng: Mulberry32, id: number): ObjectValue {
  const name = `${rng.zipf(AIRLINE_WORDS)} ${rng.zipf(AIRLINE_WORDS)}`;
  const [, country] = rng.zipf(CITIES);
  return { callsign: name.toUpperCase().replace(' ', '-'), icao: letters(rng, 3), country, iata: rng.chance(0.8) ? letters(rng, 2) : null, name, type: 'airline', id };
}

function airport(rng: Mulberry32, id: number): ObjectValue {
  const [city, country] = rng.zipf(CITIES);
  return {
    country,
    city,
    type: 'airport',
    geo: { lat: rng.decimal(-60, 70, 6), lon: rng.decimal(-180, 180, 6), alt: rng.int(3000) },
    id,
    tz: rng.zipf(TIMEZONES),
    icao: letters(rng, 4),
    airportname: `${city} ${rng.zipf(AIRPORT_WORDS)}`,
    faa: rng.chance(0.6) ? letters(rng, 3) : null,
  };
}

function geo(rng: Mulberry32): ObjectValue {
  return { lat: rng.decimal(-60, 70, 5), lon: rng.decimal(-180, 180, 5), accuracy: rng.chance(0.8) ? 'RANGE_INTERPOLATED' : 'ROOFTOP' };
}

function street(rng: Mulberry32): string {
  return `${rng.range(1, 300)} ${spaced(rng.zipf(STREET_NAMES))} ${rng.pick(STREET_KINDS)}`;
}

function hotel(rng: Mulberry32, id: number): ObjectValue {
  const [city, country, state] = rng.zipf(CITIES);
  const host = rng.zipf(URL_HOSTS);
  const likes: string[] = [];
  for (let n = rng.int(9); n > 0; n--) likes.push(personName(rng));
  const reviews: ObjectValue[] = [];
  for (let n = rng.int(4); n > 0; n--) {
    reviews.push({
      author: personName(rng),
      content: paragraph(rng, rng.range(2, 6)),
      ratings: { Service: rng.range(1, 5), Cleanliness: rng.range(1, 5), Overall: rng.range(1, 5), Value: rng.range(1, 5), Location: rng.range(1, 5), Rooms: rng.range(1, 5) },
      date: reviewDate(rng),
    });
  }
  return {
    public_likes: likes,
    free_internet: rng.chance(0.5),
    title: city,
    pets_ok: rng.chance(0.5),
    url: `http://${host}`,
    country,
    tollfree: null,
    fax: null,
    city,
    alias: null,
    name: rng.chance(0.6) ? `${properNoun(rng)} ${rng.zipf(HOTEL_KINDS)}` : `${rng.zipf(HOTEL_WORDS)} ${rng.zipf(HOTEL_KINDS)}`,
    reviews,
    type: 'hotel',
    state,
    geo: geo(rng),
    id,
    free_parking: rng.chance(0.5),
    checkin: null,
    phone: phoneNumber(rng),
    vacancy: rng.chance(0.5),
    email: rng.chance(0.3) ? `info@${host.replace(/^www\./, '')}` : null,
    free_breakfast: rng.chance(0.5),
    checkout: null,
    directions: null,
    price: rng.chance(0.3) ? `Single room £${rng.range(20, 200)} per night` : null,
    address: street(rng),
    description: paragraph(rng, rng.range(1, 3)),
  };
}

const pad2 = (n: number): string => (n < 10 ? '0' + n : String(n));

function route(rng: Mulberry32, id: number, airlines: number): ObjectValue {
  const [, country] = rng.zipf(CITIES);
  const airline = letters(rng, 2);
  const schedule: ObjectValue[] = [];
  for (let n = rng.range(3, 25), day = 0; n > 0; n--) {
    if (rng.chance(0.3)) day = Math.min(6, day + 1);
    schedule.push({ flight: `${airline}${rng.range(100, 999)}`, utc: `${pad2(rng.int(24))}:${pad2(rng.int(60))}:00`, day });
  }
  return {
    country,
    airlineid: `airline_${rng.range(1, Math.max(1, airlines))}`,
    airline,
    equipment: rng.chance(0.7) ? rng.zipf(EQUIPMENT) : `${rng.pick(EQUIPMENT)} ${rng.pick(EQUIPMENT)}`,
    stops: rng.chance(0.95) ? 0 : 1,
    sourceairport: letters(rng, 3),
    distance: rng.next() * 5000,
    schedule,
    destinationairport: letters(rng, 3),
    type: 'route',
    id,
  };
}

function landmark(rng: Mulberry32, id: number): ObjectValue {
  const [city, country, state] = rng.zipf(CITIES);
  const host = rng.zipf(URL_HOSTS);
  return {
    activity: rng.zipf(ACTIVITIES),
    address: street(rng),
    city,
    content: paragraph(rng, rng.range(1, 3)),
    country,
    directions: rng.chance(0.2) ? sentence(rng, 4, 10) : null,
    email: rng.chance(0.3) ? `info@${host.replace(/^www\./, '')}` : null,
    geo: geo(rng),
    hours: rng.chance(0.5) ? `Mon-Fri ${rng.range(7, 10)}AM-${rng.range(4, 9)}PM` : null,
    name: rng.chance(0.5) ? `${properNoun(rng)} ${rng.zipf(LANDMARK_WORDS)}` : `${city} ${rng.zipf(LANDMARK_WORDS)}`,
    phone: rng.chance(0.6) ? phoneNumber(rng) : null,
    price: rng.chance(0.3) ? `${rng.range(1, 40)} EUR` : null,
    state,
    tollfree: null,
    url: `http://${host}`,
    type: 'landmark',
    id,
  };
}
