import { judgingSuite } from './helpers/judging-suite';
import { startTestPostgres } from './helpers/postgres';

judgingSuite('postgres', startTestPostgres);
