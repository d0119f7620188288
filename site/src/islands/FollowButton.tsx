import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { FormAlert } from '../components/react/Message';
import { useHydrated } from '../components/react/useHydrated';
import { fetchMyFollows, setFollowing, setPoetMuted } from '../api/poets';
import { problemOf } from '../lib/api';
import { t } from '../i18n/t';
import { $authStatus } from '../stores/auth';

/** On a poet's page: follow or unfollow them, and mute their new poems in the bell. */
export default function FollowButton({ handle }: { handle: string }) {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const [state, setState] = useState<{ following: boolean; muted: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (status !== 'signed-in') return;
    fetchMyFollows()
      .then((mine) => {
        const found = mine.poets.find((poet) => poet.handle === handle);
        setState({ following: Boolean(found), muted: found?.muted === true });
      })
      .catch((caught: unknown) => setProblem(problemOf(caught, t('poets.followFailed'))));
  }, [status, handle]);

  if (!hydrated || status === 'loading') return null;
  if (status !== 'signed-in') return <p className="mt-6 text-ink-soft">{t('poets.followSignIn')}</p>;
  if (!state) return <FormAlert>{problem}</FormAlert>;

  async function change(work: () => Promise<{ following: boolean; muted: boolean }>) {
    setBusy(true);
    setProblem(null);
    try {
      const next = await work();
      setState({ following: next.following, muted: next.muted });
    } catch (caught) {
      setProblem(problemOf(caught, t('poets.followFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-6 flex flex-wrap items-center gap-4" data-testid="follow">
      <button
        type="button"
        className="btn btn-primary btn-sm"
        aria-pressed={state.following}
        disabled={busy}
        onClick={() => void change(() => setFollowing(handle, !state.following))}
      >
        {state.following ? t('poets.unfollow') : t('poets.follow')}
      </button>
      {state.following && (
        <>
          <span role="status" className="text-sm">
            {t('poets.followingNow')}
          </span>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-5 w-5 accent-quill"
              checked={state.muted}
              disabled={busy}
              onChange={(event) => void change(() => setPoetMuted(handle, event.target.checked))}
            />
            {t('poets.mute')}
          </label>
        </>
      )}
      <FormAlert>{problem}</FormAlert>
    </div>
  );
}
