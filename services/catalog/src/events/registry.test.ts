import { LISTING_TRANSITIONS } from '../domain/listing';
import { CATALOG_EVENTS, ListingClosed, ListingDeleted, ListingPublished, ListingRejected } from './registry';

describe('catalog event registry', () => {
  test('each subject is defined once', () => {
    const subjects = CATALOG_EVENTS.map((e) => e.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  test('every event named by the listing transition table is a registered catalog event', () => {
    const named = new Set(LISTING_TRANSITIONS.flatMap((r) => (r.event === null ? [] : [r.event])));
    expect(named).toEqual(new Set([ListingClosed.subject, ListingPublished.subject, ListingDeleted.subject, ListingRejected.subject]));
  });
});
