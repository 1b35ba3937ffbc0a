import type { ObjectValue } from '../values/index.js';
import { Mulberry32 } from './mulberry32.js';
import { emailFor, isoDate, paragraph, personName, phoneNumber, sentence, spaced } from './text.js';
import {
  BRANDS,
  CATEGORIES,
  CITIES,
  COLORS,
  HOTEL_KINDS,
  HOTEL_WORDS,
  PRODUCT_ADJECTIVES,
  PRODUCT_NOUNS,
  STREET_KINDS,
  STREET_NAMES,
  TAGS,
  URL_HOSTS,
} from './vocabulary.js';

/** The keyspace the REPL's `--demo` loads. */
export const DEMO_KEYSPACE = 'demo';

/** The number of documents `--demo` loads. */
export const DEMO_DOCUMENT_COUNT = 10000;

/** A generated document and its key. */
export interface GeneratedDocument {
  key: string;
  value: ObjectValue;
}

/**
 * Generates the demo documents, deterministically for a seed: a mix of `hotel` (15%), `review`
 * (40%), `customer` (20%) and `product` (25%) objects with names (some non-ASCII: naïve, Zürich,
 * 東京), free text, e-mail addresses, URLs, phone numbers, hyphenated and underscored words, tag
 * arrays and nested `address` objects — material for the token functions.
 * Keys are `<type>_<n>` with `n` counting from 1 per type, so they are unique.
 * @param count number of documents (default 10,000)
 * @param seed PRNG seed (default 42)
 */
export function* generateDemoDocuments(count = DEMO_DOCUMENT_COUNT, seed = 42): Generator<GeneratedDocument> {
  const rng = new Mulberry32(seed);
  const counters = { hotel: 0, review: 0, customer: 0, product: 0 };
  for (let i = 0; i < count; i++) {
    const r = rng.next();
    // Reviews refer to hotels, so make the first document a hotel.
    const type = i === 0 || r < 0.15 ? 'hotel' : r < 0.55 ? 'review' : r < 0.75 ? 'customer' : 'product';
    const id = ++counters[type];
    const value =
      type === 'hotel'
        ? hotel(rng, id)
        : type === 'review'
          ? review(rng, id, counters.hotel)
          : type === 'customer'
            ? customer(rng, id)
            : product(rng, id, counters.review);
    yield { key: `${type}_${id}`, value };
  }
}

function address(rng: Mulberry32): ObjectValue {
  const [city, country, state] = rng.zipf(CITIES);
  return {
    street: `${rng.range(1, 250)} ${spaced(rng.pick(STREET_NAMES))} ${rng.pick(STREET_KINDS)}`,
    city,
    state,
    country,
    postcode: String(rng.range(10000, 99999)),
  };
}

function tags(rng: Mulberry32, min: number, max: number): string[] {
  const out = new Set<string>();
  const n = rng.range(min, max);
  for (let i = 0; i < n; i++) out.add(rng.zipf(TAGS));
  return [...out];
}

function hotel(rng: Mulberry32, id: number): ObjectValue {
  const addr = address(rng);
  const name = `${rng.zipf(HOTEL_WORDS)} ${rng.pick(HOTEL_WORDS)} ${rng.zipf(HOTEL_KINDS)}`;
  const host = rng.pick(URL_HOSTS);
  return {
    type: 'hotel',
    id,
    name,
    description: `${paragraph(rng, rng.range(1, 3))} Book at https://${host}/hotels/${id}?ref=demo or call ${phoneNumber(rng)}.`,
    address: addr,
    geo: { lat: rng.decimal(-60, 70, 5), lon: rng.decimal(-180, 180, 5) },
    phone: phoneNumber(rng),
    email: rng.chance(0.7) ? `reservations@${host.replace(/^www\./, '')}` : null,
    url: `http://${host}`,
    tags: tags(rng, 1, 5),
    price: rng.chance(0.8) ? rng.range(29, 450) : null,
    rating: rng.range(1, 5),
    free_parking: rng.chance(0.5),
    pets_ok: rng.chance(0.4),
  };
}

function review(rng: Mulberry32, id: number, hotels: number): ObjectValue {
  const author = personName(rng);
  return {
    type: 'review',
    id,
    hotel: `hotel_${rng.range(1, Math.max(1, hotels))}`,
    author,
    author_email: emailFor(rng, author),
    rating: { overall: rng.range(1, 5), cleanliness: rng.range(1, 5), service: rng.range(1, 5) },
    title: sentence(rng, 2, 6).slice(0, -1),
    content: paragraph(rng, rng.range(1, 5)),
    date: isoDate(rng),
    helpful_votes: rng.int(50),
  };
}

function customer(rng: Mulberry32, id: number): ObjectValue {
  const name = personName(rng);
  const [firstName, ...rest] = name.split(' ');
  return {
    type: 'customer',
    id,
    customerId: `customer${id}`,
    firstName,
    lastName: rest.join(' '),
    emailAddress: emailFor(rng, name),
    phoneNumber: phoneNumber(rng),
    address: address(rng),
    dateAdded: isoDate(rng),
    preferences: tags(rng, 0, 4),
    ccInfo: {
      cardType: rng.pick(['visa', 'mastercard', 'americanexpress']),
      cardNumber: `${rng.range(1000, 9999)}-${rng.range(1000, 9999)}-${rng.range(1000, 9999)}-${rng.range(1000, 9999)}`,
    },
  };
}

function product(rng: Mulberry32, id: number, reviews: number): ObjectValue {
  const noun = rng.zipf(PRODUCT_NOUNS);
  const brand = spaced(rng.pick(BRANDS));
  const name = `${brand} ${rng.zipf(PRODUCT_ADJECTIVES)} ${noun}`;
  const asin = `B00${rng.range(1000000, 9999999)}`;
  const reviewList: string[] = [];
  for (let i = rng.int(6); i > 0; i--) reviewList.push(`review_${rng.range(1, Math.max(1, reviews))}`);
  return {
    type: 'product',
    id,
    productId: `product${id}`,
    name,
    description: `${paragraph(rng, rng.range(1, 2))} Available on <a href="http://www.amazon.com/gp/product/${asin}">Amazon.com</a>.`,
    categories: [rng.zipf(CATEGORIES), ...(rng.chance(0.3) ? [rng.pick(CATEGORIES)] : [])],
    color: rng.pick(COLORS),
    unitPrice: rng.decimal(1, 500, 2),
    imageURL: `http://ecx.images-amazon.com/images/I/${asin}._SL300_.jpg`,
    reviewList,
    tags: [noun.toLowerCase(), ...tags(rng, 0, 2)],
  };
}
