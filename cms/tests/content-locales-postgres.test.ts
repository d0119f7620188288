import { contentLocalesSuite } from './helpers/content-locales-suite';

contentLocalesSuite('postgres');
