import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PDF's text as `pdftotext -layout` (Debian's poppler-utils) reads it: one table row a line,
 * each run of whitespace squeezed to one space, blank lines dropped.
 */
export async function pdfTextLines(pdf: Uint8Array): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    return stdout.split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
