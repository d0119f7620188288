import { backupSuite } from './helpers/backup-suite';

backupSuite('sqlite', 'folders');
