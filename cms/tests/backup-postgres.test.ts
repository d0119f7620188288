import { backupSuite } from './helpers/backup-suite';

backupSuite('postgres', 'bucket');
