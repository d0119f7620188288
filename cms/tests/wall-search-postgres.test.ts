import { wallSearchSuite } from './helpers/wall-search-suite';

wallSearchSuite('postgres');
