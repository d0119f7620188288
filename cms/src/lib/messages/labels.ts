import { DEFAULT_COMPETITION, type CompetitionRef } from '@writory/shared';
import { msg, type Message } from './index';

/** A contest month as a sentence names it, in the reader's words ("November 2026", "Story — November 2026"): publicationLabel's catalogue form. */
export const publicationLabelMessage = (competition: CompetitionRef, month: string): Message =>
  competition.slug === DEFAULT_COMPETITION ? msg('label.month', { month }) : msg('label.competitionMonth', { competition: competition.name, month });

/** A competition as a title ("Poetry Competition", "शायरी प्रतियोगिता"); a name already ending in "Competition" stays. */
export const competitionTitleMessage = (name: string): Message | string => (/competition$/i.test(name) ? name : msg('entry.competitionNamed', { name }));
