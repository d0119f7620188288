import { competitionsMigrationSuite } from './helpers/competitions-migration-suite';

competitionsMigrationSuite('sqlite');
