import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $referralInvite, loadReferralInvite } from '../stores/earnings';
import { localHref } from '../i18n/paths';
import { around } from '../i18n/around';
import { t } from '../i18n/t';

/** /join?ref=CODE: keeps the invitation's code in this browser (30 days) and says who invited the visitor. */
export default function JoinInvite() {
  const { state: loadState, data: invite } = useStore($referralInvite);
  const state = loadState === 'ready' ? 'ok' : loadState === 'failed' ? 'invalid' : 'loading';

  useEffect(() => {
    void loadReferralInvite(new URLSearchParams(window.location.search).get('ref'));
  }, []);

  if (state === 'loading')
    return (
      <p role="status" className="text-ink-soft">
        {t('common.loading')}
      </p>
    );
  return (
    <div className="space-y-4" data-testid="join-invite">
      <p className="text-lg" role="status">
        {state === 'ok' && invite ? around(t('join.invited'), { inviter: <strong dir="auto">{invite.inviter}</strong> }) : t('join.invalid')}
      </p>
      <div className="flex flex-wrap gap-3">
        <a className="btn btn-default btn-lg" href={localHref('/auth')}>
          {t('join.create')}
        </a>
        <a className="btn btn-outline btn-lg" href={localHref('/#rules')}>
          {t('join.rules')}
        </a>
      </div>
    </div>
  );
}
