// Boots the built cms once on the database its environment names, then stops it: tests/helpers/templates.ts makes
// the run's database templates with it, in a process of its own so the test runner never hosts a Strapi.
const path = require('node:path');
const { createStrapi } = require('@strapi/strapi');

const appDir = path.resolve(__dirname, '..', '..');
createStrapi({ appDir, distDir: path.join(appDir, 'dist') })
  .load()
  .then((strapi) => strapi.destroy())
  .then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
