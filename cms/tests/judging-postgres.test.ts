import { judgingSuite } from './helpers/judging-suite';

judgingSuite('postgres');
