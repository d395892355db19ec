import { loadConfig } from '../config/env';
import { ormOptions } from './orm-options';

/**
 * Read by the MikroORM CLI only (`npm run migration:create -w api`), so that importing the ORM options never
 * reads the environment at load time: the server reads it once in main.ts and reports a bad value cleanly.
 */
export default ormOptions(loadConfig());
