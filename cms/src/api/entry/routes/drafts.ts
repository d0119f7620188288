import { signedIn } from '../../../auth/routes';

// A poet's drafts of entries (issue 40): poets only (who alone may enter), each answering for their own drafts.
// Saving needs a verified email, as entering does.
const poets = signedIn({ roles: ['authenticated'] });
const verifiedPoets = signedIn({ roles: ['authenticated'], policies: ['global::verified-email'] });

export default {
  routes: [
    { method: 'GET', path: '/entries/drafts', handler: 'draft.mine', config: poets },
    { method: 'POST', path: '/entries/drafts', handler: 'draft.save', config: verifiedPoets },
    { method: 'DELETE', path: '/entries/drafts/:id', handler: 'draft.remove', config: poets },
    { method: 'POST', path: '/entries/drafts/:id/enter', handler: 'draft.enter', config: verifiedPoets },
  ],
};
