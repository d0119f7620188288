import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { poetPagePath, type MyFollows } from '@writory/shared';
import { FormAlert } from '../components/react/Message';
import { useHydrated } from '../components/react/useHydrated';
import { fetchMyFollows, setAllFollowsMuted, setPoetMuted } from '../api/poets';
import { problemOf } from '../lib/api';
import { t } from '../i18n/t';
import { $authStatus } from '../stores/auth';

/** On /profile: the poets you follow, a mute for each, and one for all of them (the bell's following notices). */
export default function FollowSettings() {
  const id = useId();
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const [mine, setMine] = useState<MyFollows | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (status !== 'signed-in') return;
    fetchMyFollows()
      .then(setMine)
      .catch((caught: unknown) => setProblem(problemOf(caught, t('poets.followFailed'))));
  }, [status]);

  if (!hydrated || status !== 'signed-in' || !mine) return problem ? <FormAlert>{problem}</FormAlert> : null;

  async function change(work: () => Promise<unknown>, next: MyFollows) {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      setMine(next);
    } catch (caught) {
      setProblem(problemOf(caught, t('poets.followFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 space-y-3 rounded-lg border border-stone-200 bg-white p-6" data-testid="follow-settings">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {t('poets.settings.following')}
      </h2>
      <FormAlert>{problem}</FormAlert>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          className="h-5 w-5 accent-quill"
          checked={mine.muted}
          disabled={busy}
          onChange={(event) => void change(() => setAllFollowsMuted(event.target.checked), { ...mine, muted: event.target.checked })}
        />
        <span>{t('poets.settings.muteAll')}</span>
      </label>
      {mine.poets.length === 0 ? (
        <p className="text-ink-soft">{t('poets.settings.noFollows')}</p>
      ) : (
        <ul className="space-y-2">
          {mine.poets.map((poet) => (
            <li key={poet.handle} className="flex flex-wrap items-center gap-4">
              <a href={poetPagePath(poet.handle)} className="font-semibold text-quill underline underline-offset-4">
                <span dir="auto">{poet.name}</span>
              </a>
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-quill"
                  checked={poet.muted}
                  disabled={busy}
                  onChange={(event) =>
                    void change(() => setPoetMuted(poet.handle, event.target.checked), {
                      ...mine,
                      poets: mine.poets.map((p) => (p.handle === poet.handle ? { ...p, muted: event.target.checked } : p)),
                    })
                  }
                />
                {t('poets.settings.mutePoet', { name: poet.name })}
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
