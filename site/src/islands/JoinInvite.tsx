import { useEffect, useState } from 'react';
import type { ReferralInvite } from '@writory/shared';
import { referralInvite } from '../api/earnings';
import { keepReferralCode } from '../lib/referral-attribution';

/** /join?ref=CODE: keeps the invitation's code in this browser (30 days) and says who invited the visitor. */
export default function JoinInvite() {
  const [invite, setInvite] = useState<ReferralInvite | null>(null);
  const [state, setState] = useState<'loading' | 'ok' | 'invalid'>('loading');

  useEffect(() => {
    const code = new URLSearchParams(window.location.search).get('ref');
    if (!code) {
      setState('invalid');
      return;
    }
    referralInvite(code)
      .then((found) => {
        keepReferralCode(found.code);
        setInvite(found);
        setState('ok');
      })
      .catch(() => setState('invalid'));
  }, []);

  if (state === 'loading') return <p role="status" className="text-ink-soft">Loading...</p>;
  return (
    <div className="space-y-4" data-testid="join-invite">
      <p className="text-lg" role="status">
        {state === 'ok' && invite ? (
          <>
            <strong>{invite.inviter}</strong> invited you to Writory.
          </>
        ) : (
          'This invitation link is not valid, but you are welcome to join anyway.'
        )}
      </p>
      <div className="flex flex-wrap gap-3">
        <a className="btn btn-default btn-lg" href="/auth">
          Create your account
        </a>
        <a className="btn btn-outline btn-lg" href="/#rules">
          Read the contest rules
        </a>
      </div>
    </div>
  );
}
