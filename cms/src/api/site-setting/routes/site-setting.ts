export default {
  routes: [{ method: 'GET', path: '/site-settings', handler: 'site-setting.show', config: { auth: false } }],
};
