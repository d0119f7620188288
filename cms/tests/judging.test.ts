import { judgingSuite } from './helpers/judging-suite';

judgingSuite('sqlite', async () => ({ env: {}, stop: async () => {} }));
