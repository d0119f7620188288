// Server-side timers. Each task must claim its work atomically in the database: every cms instance runs them.
import { timerCronTasks } from '../src/api/timer/cron';

export default { ...timerCronTasks };
