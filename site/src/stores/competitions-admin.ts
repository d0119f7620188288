// The competitions as admins edit them on /admin-competitions: every one, inactive ones too (asked again after each save).
import type { AdminCompetitionSummary } from '@writory/shared';
import { adminCompetitionList } from '../api/competitions';
import { loadable, loadInto } from './loadable';

export const $adminCompetitions = loadable<AdminCompetitionSummary[]>();
export const loadAdminCompetitions = () => loadInto($adminCompetitions, async () => (await adminCompetitionList()).data, 'the competitions');
