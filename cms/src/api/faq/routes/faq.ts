export default {
  routes: [{ method: 'GET', path: '/faqs', handler: 'faq.list', config: { auth: false } }],
};
