export default {
  routes: [
    { method: 'GET', path: '/articles', handler: 'article.list', config: { auth: false } },
    { method: 'GET', path: '/articles/:slug', handler: 'article.show', config: { auth: false } },
  ],
};
