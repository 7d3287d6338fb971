import { runService } from '@caskade/kit';
import { catalogEnv } from './config';
import { CATALOG_MIGRATIONS } from './db/schema';
import { startCatalog } from './index';

runService('catalog', catalogEnv, (opts) => startCatalog(opts), { migrations: CATALOG_MIGRATIONS });
