import { AU_STATES } from './constants';
import { POSTCODE_RANGES, postcodeMatchesState, stateOfPostcode } from './postcodes';

describe('Australian postcodes by state', () => {
  it.each([
    ['2000', 'NSW'], ['2600', 'ACT'], ['2609', 'ACT'], ['2618', 'ACT'], ['2619', 'NSW'], ['2900', 'ACT'], ['2921', 'NSW'], ['0200', 'ACT'],
    ['0800', 'NT'], ['0872', 'NT'], ['3000', 'VIC'], ['3777', 'VIC'], ['8001', 'VIC'], ['4000', 'QLD'], ['9726', 'QLD'], ['5000', 'SA'],
    ['5453', 'SA'], ['6000', 'WA'], ['6285', 'WA'], ['7000', 'TAS'], ['7250', 'TAS'], ['1001', 'NSW'],
  ] as const)('%s is in %s', (postcode, state) => {
    expect(stateOfPostcode(postcode)).toBe(state);
    expect(postcodeMatchesState(postcode, state)).toBe(true);
    for (const other of AU_STATES.filter((s) => s !== state)) expect(postcodeMatchesState(postcode, other)).toBe(false);
  });

  it.each(['0100', '0000', '123', '12345', 'abcd', '', ' 3000'])('%j belongs to no state', (postcode) => {
    expect(stateOfPostcode(postcode)).toBeNull();
    for (const state of AU_STATES) expect(postcodeMatchesState(postcode, state)).toBe(false);
  });

  it('no postcode is in two states', () => {
    for (let n = 0; n <= 9999; n++) {
      const owners = AU_STATES.filter((s) => POSTCODE_RANGES[s].some(([lo, hi]) => n >= lo && n <= hi));
      expect(owners.length).toBeLessThanOrEqual(1);
    }
  });
});
