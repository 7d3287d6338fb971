/** jest globalSetup (integration and browser projects): the embedded app's data templates, made once before any file runs. */
import { prepareAppTemplates } from './app';

export default async function globalSetup(): Promise<void> {
  await prepareAppTemplates();
}
