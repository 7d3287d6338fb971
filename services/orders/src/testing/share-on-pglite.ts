/** Imported first by app/orders-on-pglite.test.ts: its suites run on pglite and share the services orders calls. */
import { shareOrdersServices } from './harness';

shareOrdersServices('pglite');
