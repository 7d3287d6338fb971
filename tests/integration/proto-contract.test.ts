/**
 * The contract guard of `npm run proto:check` (docs/decisions/021): `buf breaking` refuses a proto
 * tree that renumbers, retypes or removes a published field, and accepts one that only adds.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const catalogProto = path.join('caskade', 'catalog', 'v1', 'catalog.proto');

function copyProtos(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'caskade-proto-'));
  cpSync(path.join(root, 'proto'), dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}gen`) && !src.includes('node_modules') });
  return dir;
}

function guard(input: string, against: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, ['scripts/proto.mjs', '--breaking-only', `--input=${input}`, `--against=${against}`], { cwd: root, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('proto breaking-change guard', () => {
  const dirs: string[] = [];
  const tree = (edit?: (text: string) => string): string => {
    const dir = copyProtos();
    dirs.push(dir);
    if (edit) {
      const file = path.join(dir, catalogProto);
      const before = readFileSync(file, 'utf8');
      const after = edit(before);
      expect(after).not.toBe(before);
      writeFileSync(file, after);
    }
    return dir;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test('an unchanged tree and one that only adds a field pass', () => {
    const base = tree();
    expect(guard(tree(), base)).toMatchObject({ status: 0 });
    const added = tree((t) => t.replace(/message Listing \{\n/, 'message Listing {\n  string guard_test_note = 900;\n'));
    expect(guard(added, base)).toMatchObject({ status: 0 });
  }, 60_000);

  test('a renumbered field fails, naming the field', () => {
    const base = tree();
    const renumbered = tree((t) => t.replace(/(message Listing \{[\s\S]*?string slug = )(\d+);/, (_m, head: string) => `${head}899;`));
    const out = guard(renumbered, base);
    expect(out.status).toBe(1);
    expect(out.output).toMatch(/slug/);
  }, 60_000);

  test('a removed field fails', () => {
    const base = tree();
    const removed = tree((t) => t.replace(/(message Listing \{[\s\S]*?)\n\s*string slug = \d+;/, (_m, head: string) => head));
    expect(guard(removed, base).status).toBe(1);
  }, 60_000);
});
