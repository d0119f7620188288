// The article writer's side panel (/admin-articles): the tags in use and the latest articles.
import { atom } from 'nanostores';
import type { AdminArticlesOverview } from '@writory/shared';
import { fetchArticlesOverview } from '../api/articles';

export const $articlesOverview = atom<AdminArticlesOverview | null>(null);
/** The last read failed; an overview read before stays shown. */
export const $articlesOverviewFailed = atom(false);

export function loadArticlesOverview(): void {
  fetchArticlesOverview().then(
    (answer) => {
      $articlesOverview.set(answer);
      $articlesOverviewFailed.set(false);
    },
    () => $articlesOverviewFailed.set(true),
  );
}
