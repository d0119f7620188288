import { signedIn } from '../../../auth/routes';

// /users/me and /users/count are declared before /users/:uid, which would otherwise catch them.
export default {
  routes: [
    { method: 'GET', path: '/users/me', handler: 'user.me', config: signedIn() },
    { method: 'PUT', path: '/users/me', handler: 'user.updateMe', config: signedIn() },
    { method: 'POST', path: '/users/me/picture', handler: 'user.uploadPicture', config: signedIn() },
    { method: 'GET', path: '/users/count', handler: 'user.count', config: { auth: false } },
    { method: 'POST', path: '/users', handler: 'user.upsert', config: signedIn() },
    { method: 'GET', path: '/users/:uid', handler: 'user.publicProfile', config: { auth: false } },
  ],
};
