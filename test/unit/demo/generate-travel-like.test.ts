import { describe, expect, it } from 'vitest';
import { generateTravelLikeDocuments } from '../../../src/demo/index.js';

describe('generateTravelLikeDocuments', () => {
  it('is deterministic for a seed, with unique %type%_%id% keys', () => {
    const a = [...generateTravelLikeDocuments(5000, 11)];
    expect([...generateTravelLikeDocuments(5000, 11)]).toEqual(a);
    expect(new Set(a.map((d) => d.key)).size).toBe(5000);
    for (const d of a) expect(d.key).toBe(`${d.value.type}_${d.value.id}`);
  });

  it('has the travel-sample types in about its proportions, with their fields', () => {
    const docs = [...generateTravelLikeDocuments(20000, 1)];
    const share = (t: string) => docs.filter((d) => d.value.type === t).length / docs.length;
    expect(share('route')).toBeCloseTo(0.43, 1);
    expect(share('airport')).toBeCloseTo(0.28, 1);
    expect(share('airline')).toBeGreaterThan(0.01);
    const byType = (t: string) => docs.find((d) => d.value.type === t)!.value;
    expect(Object.keys(byType('airline')).sort()).toEqual(['callsign', 'country', 'iata', 'icao', 'id', 'name', 'type']);
    expect(Object.keys(byType('airport')).sort()).toEqual(['airportname', 'city', 'country', 'faa', 'geo', 'icao', 'id', 'type', 'tz']);
    expect(byType('hotel')).toMatchObject({ reviews: expect.any(Array), public_likes: expect.any(Array), geo: { accuracy: expect.any(String) } });
    expect(byType('route')).toMatchObject({ schedule: expect.any(Array), sourceairport: expect.stringMatching(/^[A-Z]{3}$/) });
    expect(byType('landmark')).toMatchObject({ activity: expect.any(String), content: expect.any(String) });
  });
});
