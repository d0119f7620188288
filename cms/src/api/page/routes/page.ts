export default {
  routes: [{ method: 'GET', path: '/pages/:slug', handler: 'page.show', config: { auth: false } }],
};
