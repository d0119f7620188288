export default {
  routes: [{ method: 'GET', path: '/testimonials', handler: 'testimonial.list', config: { auth: false } }],
};
