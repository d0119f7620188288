import { competitionsMigrationSuite } from './helpers/competitions-migration-suite';

competitionsMigrationSuite('postgres');
