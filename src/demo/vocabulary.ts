/**
 * Word lists for the generated documents. Lists used with a Zipf-like choice are ordered from
 * most to least frequent, so a few tokens repeat a lot and many are rare, as in real text.
 */

const words = (text: string): readonly string[] => text.trim().split(/\s+/);
const lines = (text: string): readonly string[] =>
  text
    .trim()
    .split('\n')
    .map((l) => l.trim());

/** Running-text words, most frequent first (roughly English frequency order). */
export const TEXT_WORDS = words(`
  the and a to of in was we it is for room hotel with our very but on at this were stay had
  you great staff good clean location breakfast all they from nice night would there just
  an not be friendly as are time bed one area stayed so place service helpful back walk
  beach restaurant excellent price street rooms food station city small quiet comfortable
  view pool lovely everything town close recommend again shower next bar day perfect
  centre front desk free parking wifi coffee old building easy minutes short bus train
  airport garden terrace modern spacious value evening morning dinner lunch menu local
  historic museum park river bridge harbour castle market cathedral square tower gallery
  hostel guesthouse cottage inn lodge suite apartment villa resort spa sauna gym
  cheerful noisy tiny cozy charming rustic elegant affordable expensive convenient
  well-kept family-run self-catering check-in check-out pet-friendly all-inclusive
  sea-view year-round day-trip walk-in bed-and-breakfast e-mail wi-fi
  naïve café crème brûlée façade smörgåsbord jalapeño piñata über fiancé déjà-vu
  reserve booking cancel refund upgrade balcony kitchen fridge kettle towels linen
  hike trail canyon glacier volcano lagoon vineyard orchard meadow prairie fjord
`);

export const FIRST_NAMES = words(`
  James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara
  Richard Susan Joseph Jessica Thomas Sarah Charles Karen Daniel Nancy Matthew Lisa Anthony
  Betty Mark Margaret Donald Sandra Steven Ashley Paul Kimberly Andrew Emily Joshua Donna
  Kenneth Michelle Kevin Dorothy Brian Carol George Amanda Edward Melissa Ronald Deborah
  Chloé Zoë Renée José Søren Björn Jürgen Łukasz Ångström Núñez François Émile Inès
  Ólafur Dvořák Saoirse Siobhán Māui Nguyễn Zoltán
`);

export const LAST_NAMES = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
  Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White
  Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres
  Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts
  O'Brien McKenzie Müller Schröder Gómez Öztürk Kowalski Østergaard Šimić Łopata
  Smith-Jones Van_der_Berg Da_Silva 山田 田中 佐藤 Ivanova Papadopoulos
`);

/** [city, country, state] triples; the first are the most frequent. */
export const CITIES: readonly (readonly [string, string, string | null])[] = lines(`
  San Francisco|United States|California
  London|United Kingdom|
  Paris|France|
  New York|United States|New York
  Los Angeles|United States|California
  Zürich|Switzerland|
  東京|Japan|
  München|Germany|Bavaria
  Seattle|United States|Washington
  Edinburgh|United Kingdom|
  Lyon|France|
  Chicago|United States|Illinois
  Kraków|Poland|
  São Paulo|Brazil|
  Reykjavík|Iceland|
  Medway|United Kingdom|
  Avignon|France|
  Bagnole-de-l'orne|France|
  Saint-Étienne|France|
  San Diego|United States|California
  Austin|United States|Texas
  Malmö|Sweden|
  Québec|Canada|Quebec
  Gillingham|United Kingdom|
  Aix-en-Provence|France|
`).map((l) => {
  const [city, country, state] = l.split('|');
  return [city, country, state || null] as const;
});

export const STREET_NAMES = words(`
  Main Oak Pine Maple Cedar Elm High Station Church Mill Park Market Bridge Castle
  Königsallee Rue_de_Rivoli Bahnhofstraße Via_Roma Calle_Mayor Capstone Balmoral Esplanade
`);
export const STREET_KINDS = words('Street Road Avenue Lane Way Boulevard Place Drive');

export const HOTEL_WORDS = words(`
  Grand Royal Park Plaza Central Palace Garden Harbour River Lake Mountain Seaside Old
  Balmoral Medway Regency Imperial Majestic Boutique Budget Youth Comfort Sunset Alpine
`);
export const HOTEL_KINDS = words('Hotel Inn Hostel Guesthouse Lodge Resort Suites B&B Motel Apartments');

export const PRODUCT_ADJECTIVES = words(`
  Portable Wireless Stainless Ergonomic Waterproof Rechargeable Compact Deluxe Classic
  Ultra-Light Heavy-Duty Eco-Friendly Non-Stick Hand-Made Low-Noise Smart
`);
export const PRODUCT_NOUNS = words(`
  Briefcase Backpack Kettle Blender Headphones Speaker Lamp Chair Desk Tent Jacket Boots
  Bottle Charger Keyboard Mouse Monitor Umbrella Suitcase Camera Watch Skillet
`);
export const BRANDS = words('Acme Briggs_&_Riley Zojirushi Bosch Sony Philips Kärcher Łucznik Muji Nokia');
export const CATEGORIES = words('Luggage Kitchen Electronics Outdoor Furniture Apparel Sports Office Garden Toys');
export const COLORS = words('black white grey red blue green teal navy silver gold orange purple');
export const TAGS = words(`
  wifi parking breakfast pets pool spa gym family budget luxury eco beach city-centre
  sea_view late-checkout non_smoking accessible quiet nightlife vegan gluten-free
`);

export const EMAIL_DOMAINS = words(`
  example.com gmail.com yahoo.co.uk nienowraynor.biz lubowitz.info huels.name mail.ch
  outlook.fr web.de posteo.de
`);
export const URL_HOSTS = words(`
  www.yha.org.uk www.example.com shop.example.org www.rock-store.com www.auroraskystation.com
  hotel-du-lac.ch www.balmoral-guesthouse.co.uk tokyo-inn.jp
`);

/** Names that make airline-, airport- and landmark-like documents. */
export const AIRLINE_WORDS = words(`
  Air Airlines Airways Express Pacific Atlantic Continental Regional Sky Jet Wings Coastal
  Northern Southern Eastern Western Alpine Polar Island Mile Commuter Allegheny Frontier
`);
export const AIRPORT_WORDS = words(`
  International Regional Municipal County Field Airfield Airport Heliport Intl Airbase
  Calais Dunkerque Peronne Quentin Loges Couterne Bray Touquet Plage Denain Glisy
`);
export const LANDMARK_WORDS = words(`
  Museum Gallery Park Tower Bridge Cathedral Market Theatre Aquarium Zoo Castle Garden
  Station Pier Lighthouse Monument Square Library Brewery Vineyard Observatory Store Rock
`);
export const ACTIVITIES = words('see do eat drink buy');
export const TIMEZONES = words(`
  Europe/Paris America/New_York America/Los_Angeles Europe/London America/Chicago
  Europe/Zurich Asia/Tokyo Europe/Berlin America/Anchorage Pacific/Honolulu
`);
export const EQUIPMENT = words('CNA 319 320 321 737 738 747 757 767 777 E90 CRJ DH8 AT7');
