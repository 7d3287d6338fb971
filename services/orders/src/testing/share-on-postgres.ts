/** Imported first by app/orders-on-postgres.test.ts: its suites run on postgres and share the services orders calls. */
import { shareOrdersServices } from './harness';

shareOrdersServices('postgres');
