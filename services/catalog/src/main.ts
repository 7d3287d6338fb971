import { runService } from '@caskade/kit';
import { catalogEnv } from './config';
import { startCatalog } from './index';

runService('catalog', catalogEnv, (opts) => startCatalog(opts));
