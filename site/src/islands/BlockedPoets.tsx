import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import Avatar from '../components/react/Avatar';
import { FormAlert, Notice } from '../components/react/Message';
import { useHydrated } from '../components/react/useHydrated';
import { apiErrorBody } from '../lib/api';
import { t } from '../i18n/t';
import { $authStatus } from '../stores/auth';
import { $blockedPoets, loadBlockedPoets, unblock } from '../stores/blocked-poets';

/** On /profile: the poets this poet blocked (from a comment), each with a button to lift the block. Hidden when there are none. */
export default function BlockedPoets() {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const blocked = useStore($blockedPoets);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (status === 'signed-in') void loadBlockedPoets();
  }, [status]);

  if (!hydrated || status !== 'signed-in' || blocked.state !== 'ready' || (!blocked.data?.length && !notice)) return null;

  const lift = async (id: number, name: string) => {
    setProblem(null);
    try {
      await unblock(id);
      setNotice(t('blocks.lifted', { name }));
    } catch (error) {
      setProblem(apiErrorBody(error)?.message ?? t('blocks.failed'));
    }
  };

  return (
    <section aria-labelledby="blocked-title" className="mt-8 space-y-3 rounded-lg border border-stone-200 bg-white p-6" data-testid="blocked-poets">
      <h2 id="blocked-title" className="text-xl font-bold">
        {t('blocks.title')}
      </h2>
      <p className="text-sm text-ink-soft">{t('blocks.intro')}</p>
      <FormAlert>{problem}</FormAlert>
      <Notice>{notice}</Notice>
      <ul className="space-y-2">
        {(blocked.data ?? []).map((block) => (
          <li key={block.id} className="flex flex-wrap items-center gap-3">
            <Avatar name={block.poet.name} pictureUrl={block.poet.pictureUrl} className="h-8 w-8 text-xs" />
            <span dir="auto" className="font-semibold">
              {block.poet.name}
            </span>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void lift(block.id, block.poet.name)}>
              {t('blocks.lift')}
              <span className="sr-only"> {block.poet.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
