import { signedIn } from '../../../auth/routes';

// A fresh config per route: Strapi writes each route's own scope into it.
const admins = () => signedIn({ roles: ['admin'] });

// /admin/reminders/audiences is declared before /admin/reminders/:id, which would otherwise catch it.
export default {
  routes: [
    { method: 'GET', path: '/admin/reminders/audiences', handler: 'email-reminder.audiences', config: admins() },
    { method: 'GET', path: '/admin/reminders', handler: 'email-reminder.list', config: admins() },
    { method: 'POST', path: '/admin/reminders/preview', handler: 'email-reminder.preview', config: admins() },
    { method: 'POST', path: '/admin/reminders', handler: 'email-reminder.send', config: admins() },
    { method: 'GET', path: '/admin/reminders/:id', handler: 'email-reminder.show', config: admins() },
    { method: 'GET', path: '/users/me/reminders', handler: 'email-reminder.preference', config: signedIn() },
    { method: 'PUT', path: '/users/me/reminders', handler: 'email-reminder.setPreference', config: signedIn() },
  ],
};
