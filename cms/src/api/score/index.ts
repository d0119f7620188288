import type { Core } from '@strapi/strapi';
import { getService } from '../../services';
import { onEntriesRemoved } from '../entry/repository';

// A deleted entry's scores go with it, in the deleting transaction; scores left by entries deleted before that
// are cleared once at startup.
export default {
  register() {},
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    const scores = () => getService(strapi, 'api::score.score');
    onEntriesRemoved(strapi, (entryIds) => scores().removeForEntries(entryIds));
    const orphans = await scores().removeOrphans();
    if (orphans) strapi.log.info(`scores: removed ${orphans} score(s) whose entry was deleted`);
  },
};
