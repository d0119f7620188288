// The competitions as admins edit them on /admin-competitions (the public list, asked again after each save).
import type { CompetitionSummary } from '@writory/shared';
import { competitionList } from '../api/competitions';
import { loadable, loadInto } from './loadable';

export const $adminCompetitions = loadable<CompetitionSummary[]>();
export const loadAdminCompetitions = () => loadInto($adminCompetitions, async () => (await competitionList()).data, 'the competitions');
