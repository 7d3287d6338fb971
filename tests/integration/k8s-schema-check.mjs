// Validates Kubernetes objects against the API's OpenAPI schemas, offline, with the validators the
// kubernetes-models package generates from them (ajv). It runs as its own Node process because
// kubernetes-models ships ES modules only, which jest's CommonJS runtime cannot load.
//
// stdin: JSON [{ source, doc }]; stdout: JSON [{ source, kind, name, errors: string[] }], one
// entry per object (errors empty when valid).
import { readFileSync } from 'node:fs';

/** The API groups of custom resources the chart renders, and the kubernetes-models package of each. */
const CRD_PACKAGES = {
  'gateway.networking.k8s.io': '@kubernetes-models/gateway-api',
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
};

/** apps/v1 -> kubernetes-models/apps/v1/<Kind>; v1 (the core group) -> kubernetes-models/v1/<Kind>; a CRD's group -> its package. */
function modulePath(apiVersion, kind) {
  const pkg = CRD_PACKAGES[apiVersion.split('/')[0]] ?? 'kubernetes-models';
  return `${pkg}/${apiVersion}/${kind}`;
}

async function validate({ source, doc }) {
  const kind = doc?.kind;
  const name = doc?.metadata?.name;
  const apiVersion = doc?.apiVersion;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') {
    return { source, kind, name, errors: ['apiVersion and kind are required'] };
  }
  let Model;
  try {
    Model = (await import(modulePath(apiVersion, kind)))[kind];
  } catch {
    return { source, kind, name, errors: [`${apiVersion} ${kind} is not a Kubernetes API type known to kubernetes-models`] };
  }
  try {
    new Model(doc).validate();
    return { source, kind, name, errors: [] };
  } catch (err) {
    const details = Array.isArray(err?.errors)
      ? err.errors.map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
      : [String(err?.message ?? err)];
    return { source, kind, name, errors: details };
  }
}

const input = JSON.parse(readFileSync(0, 'utf8'));
const results = [];
for (const item of input) results.push(await validate(item));
process.stdout.write(JSON.stringify(results));
