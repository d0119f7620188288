import { signedIn } from '../../../auth/routes';

// Signed-in poets follow public poet pages by handle; each reads and changes only their own follows. The fixed paths
// (/follows/poems, /follows/settings) come before /follows/:handle ("poems" and "settings" are reserved handles).
export default {
  routes: [
    { method: 'GET', path: '/follows', handler: 'follows.mine', config: signedIn() },
    { method: 'GET', path: '/follows/poems', handler: 'follows.poems', config: signedIn() },
    { method: 'PUT', path: '/follows/settings', handler: 'follows.muteAll', config: signedIn() },
    { method: 'PUT', path: '/follows/:handle', handler: 'follows.follow', config: signedIn() },
    { method: 'DELETE', path: '/follows/:handle', handler: 'follows.unfollow', config: signedIn() },
    { method: 'PUT', path: '/follows/:handle/mute', handler: 'follows.mute', config: signedIn() },
  ],
};
