// The Strapi admin panel's own settings. No release check: the panel would ask api.github.com for Strapi's latest
// release on every load (an outside call from each editor's browser, and a console error wherever GitHub is out of
// reach, as on the e2e machine); upgrades are the maintainers' to plan.
export default {
  config: {
    notifications: { releases: false },
  },
  bootstrap() {},
};
