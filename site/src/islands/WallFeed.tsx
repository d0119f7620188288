import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { WALL_SORTS, type WallPage } from '@writory/shared';
import PostCard from '../components/wall/PostCard';
import WallFinder from '../components/wall/WallFinder';
import { useHydrated } from '../components/react/useHydrated';
import { t } from '../i18n/t';
import { fetchWallPage } from '../api/wall';
import { fetchFollowingPage } from '../api/poets';
import { sortLabel, feedNeedsRefresh, filtersOf, wallViewFrom, wallViewSearch, type WallView } from '../lib/wall';
import { $authStatus } from '../stores/auth';
import { clearLiked, loadLiked } from '../stores/wall-likes';

/**
 * The wall's poems, newest or most liked, page by page. The page is built with the newest poems in it (no
 * JavaScript needed to read them, rebuilt within seconds of each decision); the island asks the cms's cached API
 * for other views, for signed-in poets, and when the built copy is over a minute old (like counts move). Pages
 * follow the cms's page keys: the URL keeps the keys from the first page on, so reload and Back land on the same page.
 */
export default function WallFeed({ initial, builtAt }: { initial: WallPage; builtAt: number }) {
  const [data, setData] = useState(initial);
  const [view, setView] = useState<WallView>({ sort: initial.sort, after: [] });
  const [state, setState] = useState<'ready' | 'loading' | 'failed'>('ready');
  const status = useStore($authStatus);
  // The Following switch depends on who reads: shown only after hydration, so the built HTML always matches.
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  const ticket = useRef(0);
  // The built page is the whole wall's newest poems: under another view the URL asks for (the Following tab, a filter,
  // a later page) none of them is shown until that view's own page arrives.
  const [awaited, setAwaited] = useState(false);

  async function show(next: WallView, how: 'push' | 'none', focus = false) {
    const mine = ++ticket.current;
    setState('loading');
    try {
      const cursor = next.after.at(-1) ?? null;
      const page = next.following ? await fetchFollowingPage(cursor) : await fetchWallPage(next.sort, cursor, filtersOf(next));
      if (mine !== ticket.current) return;
      setData(page);
      setView(next);
      setAwaited(false);
      setState('ready');
      if (how === 'push') window.history.pushState(null, '', `${window.location.pathname}${wallViewSearch(next)}${window.location.hash}`);
      if (focus) {
        heading.current?.focus();
        heading.current?.scrollIntoView({ block: 'start' });
      }
    } catch {
      if (mine === ticket.current) setState('failed');
    }
  }

  useEffect(() => {
    const wanted = wallViewFrom(window.location.search);
    if (wallViewSearch(wanted) === '') return;
    setView(wanted);
    setAwaited(true);
    setState('loading');
  }, []);

  useEffect(() => {
    const onPop = () => void show(wallViewFrom(window.location.search), 'none', true);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // Once we know who is reading: the built copy serves visitors while it is fresh; anything else comes from the cms.
  const refreshed = useRef(false);
  useEffect(() => {
    if (status === 'loading' || refreshed.current) return;
    refreshed.current = true;
    const wanted = wallViewFrom(window.location.search);
    if (feedNeedsRefresh({ view: wanted, builtAt, now: Date.now(), signedIn: status === 'signed-in' })) void show(wanted, 'none');
  }, [status, builtAt]);

  useEffect(() => {
    if (status === 'signed-in') loadLiked(data.posts.map((post) => post.id)).catch(() => undefined);
    if (status === 'signed-out') clearLiked();
  }, [status, data]);

  const page = view.after.length + 1;
  const filtered = Object.keys(filtersOf(view)).length > 0;
  const { nextCursor } = data.pagination;
  return (
    <section aria-labelledby="wall-heading" className="mt-12" data-testid="wall-feed">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="wall-heading" ref={heading} tabIndex={-1} className="font-serif text-2xl font-semibold">
          {t('wall.feed.heading')}
        </h2>
        {!view.following && (
          <div role="group" aria-label={t('wall.feed.order')} className="flex gap-2">
            {WALL_SORTS.map((sort) => (
              <button
                key={sort}
                type="button"
                className="btn btn-sm btn-outline aria-pressed:bg-quill aria-pressed:text-white"
                aria-pressed={view.sort === sort}
                onClick={() => void show({ ...filtersOf(view), sort, after: [] }, 'push')}
              >
                {sortLabel(sort)}
              </button>
            ))}
          </div>
        )}
      </div>
      {hydrated && (status === 'signed-in' || view.following) && (
        <div role="group" aria-label={t('wall.tab.label')} className="mt-4 flex gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline aria-pressed:bg-quill aria-pressed:text-white"
            aria-pressed={!view.following}
            onClick={() => void show({ sort: 'newest', after: [] }, 'push')}
          >
            {t('wall.tab.all')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline aria-pressed:bg-quill aria-pressed:text-white"
            aria-pressed={view.following === true}
            onClick={() => void show({ sort: 'newest', following: true, after: [] }, 'push')}
          >
            {t('wall.tab.following')}
          </button>
        </div>
      )}
      {!view.following && (
        <WallFinder
          filters={filtersOf(view)}
          busy={state === 'loading'}
          onFind={(filters) => void show({ sort: view.sort, ...filtersOf(filters), after: [] }, 'push')}
        />
      )}
      <p role="status" className="mt-2 min-h-6 text-sm text-ink-soft">
        {state === 'loading' ? t('common.loading') : state === 'failed' ? t('wall.feed.failed') : ''}
      </p>
      {awaited ? null : data.posts.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-stone-300 p-6 text-ink-soft">
          {view.following ? t('wall.following.empty') : filtered ? t('wall.find.none') : t('wall.feed.empty')}
        </p>
      ) : (
        <ol
          className="mt-4 grid gap-6 md:grid-cols-2"
          aria-label={
            view.following ? t('wall.following.results', { page }) : filtered ? t('wall.find.results', { page }) : t(`wall.feed.list.${view.sort}`, { page })
          }
          data-testid="wall-list"
        >
          {data.posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ol>
      )}
      {!awaited && (page > 1 || nextCursor) && (
        <nav aria-label={t('wall.feed.pages')} className="mt-10 flex items-center justify-center gap-4">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={page <= 1 || state === 'loading'}
            onClick={() => void show({ ...view, after: view.after.slice(0, -1) }, 'push', true)}
          >
            {t('wall.mod.previous')}
          </button>
          <span className="text-sm">{t('wall.feed.page', { page })}</span>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={!nextCursor || state === 'loading'}
            onClick={() => nextCursor && void show({ ...view, after: [...view.after, nextCursor] }, 'push', true)}
          >
            {t('wall.mod.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
