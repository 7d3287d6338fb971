/**
 * The load-test profile's seed Job (charts/caskade/templates/search-seed.yaml) runs
 * charts/caskade/files/search-seed.sql: the same 100,000 listings the search bench writes, generated
 * from load-tests/search-data.mjs. The file must be what the generator prints now.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

describe('the search load test’s seed Job', () => {
  it('runs the SQL load-tests/search-data.mjs generates (regenerate: node load-tests/search-data.mjs > charts/caskade/files/search-seed.sql)', () => {
    const generated = execFileSync(process.execPath, [path.join(root, 'load-tests', 'search-data.mjs')], { encoding: 'utf8' });
    expect(readFileSync(path.join(root, 'charts', 'caskade', 'files', 'search-seed.sql'), 'utf8')).toBe(generated);
    // It only adds, and only while the catalog is short of the data: never a TRUNCATE or DELETE in a cluster.
    expect(generated).toMatch(/\\if :seed/);
    expect(generated).not.toMatch(/\b(truncate|delete)\b/i);
  });
});
