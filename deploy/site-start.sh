#!/bin/sh
# Entry point of the site container (deploy/site.Dockerfile): render the static pages from the
# cms (CMS_URL), then serve them (serve.mjs reads dist/ at start and rebuilds it on POST /__rebuild).
set -eu
cd /app/site
echo "site: building static pages from ${CMS_URL:?CMS_URL must point at the cms}"
/app/node_modules/.bin/astro build
exec node server/serve.mjs
