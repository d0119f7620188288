import { wallSearchSuite } from './helpers/wall-search-suite';

wallSearchSuite('sqlite');
