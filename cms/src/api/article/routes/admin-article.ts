import { signedIn } from '../../../auth/routes';

// Admins write and publish articles from the site (/admin-upload-articles); editors keep the Strapi panel.
const adminOnly = signedIn({ roles: ['admin'], policies: ['global::verified-email'] });

export default {
  routes: [
    { method: 'GET', path: '/admin/articles', handler: 'admin-article.overview', config: adminOnly },
    { method: 'POST', path: '/admin/articles/preview', handler: 'admin-article.preview', config: adminOnly },
    { method: 'POST', path: '/admin/articles', handler: 'admin-article.create', config: adminOnly },
  ],
};
