import { useStore } from '@nanostores/react';
import { useHydrated } from '../react/useHydrated';
import { likesText } from '../../lib/wall';
import { $authStatus } from '../../stores/auth';
import { $likeBusy, $likeCounts, $liked, toggleLike } from '../../stores/wall-likes';
import { showToast } from '../../stores/toasts';
import { localHref } from '../../i18n/paths';
import { t } from '../../i18n/t';

/** Like and unlike (signed-in poets); visitors are taken to sign in and brought back. */
export default function LikeButton({ id, likes, title }: { id: number; likes: number; title: string }) {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const liked = useStore($liked).has(id);
  const busy = useStore($likeBusy).has(id);
  const count = useStore($likeCounts)[String(id)] ?? likes;

  const click = async () => {
    if (status !== 'signed-in') {
      window.location.assign(localHref(`/auth?${new URLSearchParams({ next: `${window.location.pathname}${window.location.search}` })}`));
      return;
    }
    const problem = await toggleLike(id);
    if (problem) showToast({ title: t('wall.like.failed'), description: problem, variant: 'destructive' });
  };

  return (
    <button
      type="button"
      className="btn btn-outline btn-sm transition-none aria-pressed:bg-quill aria-pressed:text-white"
      aria-pressed={hydrated && status === 'signed-in' ? liked : undefined}
      aria-label={t(liked ? 'wall.like.unlike' : 'wall.like.like', { title, likes: likesText(count) })}
      disabled={busy || (hydrated && status === 'loading')}
      onClick={click}
      data-testid="like-button"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill={liked ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
        <path d="M12 21s-7.5-4.6-9.5-9.1C1.1 8.6 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.3h2C13.8 6.1 15.2 5 17.2 5c3.5 0 5.7 3.6 4.3 6.9C19.5 16.4 12 21 12 21Z" />
      </svg>
      <span data-testid="like-count">{likesText(count)}</span>
    </button>
  );
}
