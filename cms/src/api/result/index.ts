import type { Core } from '@strapi/strapi';
import { getService } from '../../services';
import { resultRepository } from './repository';

// The competition pages show which months have published results through the answers registered here (the
// competition domain never calls this one).
export default {
  bootstrap({ strapi }: { strapi: Core.Strapi }) {
    getService(strapi, 'api::competition.competition').provideResults(resultRepository(strapi));
  },
};
