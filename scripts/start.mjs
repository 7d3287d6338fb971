// `npm start`: build the web app when its sources are newer than the build, then run the embedded mode.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'web', 'dist', 'index.html');

function newest(dir) {
  let latest = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const st = statSync(full);
    latest = Math.max(latest, st.isDirectory() ? newest(full) : st.mtimeMs);
  }
  return latest;
}

const sources = [path.join(root, 'web', 'src'), path.join(root, 'services', 'kit', 'src', 'rules')];
const stale = !existsSync(built) || sources.some((d) => existsSync(d) && newest(d) > statSync(built).mtimeMs);
if (stale) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@caskade/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'run-embedded.ts')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
