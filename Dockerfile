# syntax=docker/dockerfile:1
# The chatbot-ops image: one image for every role (ROLE=all, api or worker). Build: `docker build -t chatbot-ops .`
#
# Node.js 24, the current LTS. Stage 1 compiles the server and bundles the browser code with the dev
# dependencies. Stage 2 installs the production dependencies alone. SQLite's native module (better-sqlite3
# 13) ships its Node-API build in the package, so nothing is compiled and install scripts can stay off; the
# build of its older major for Node.js 20 (an optional dependency) is left out. The runtime stage copies their
# results onto the slim image of the same Debian and Node.js.

FROM node:24-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY clients/typescript/package.json clients/typescript/
# --ignore-scripts: `prepare` would build before the sources are here.
RUN npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY web ./web
COPY src ./src
RUN npm run build

FROM node:24-bookworm AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY clients/typescript/package.json clients/typescript/
RUN npm ci --omit=dev --ignore-scripts && rm -rf node_modules/better-sqlite3-node20 && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY bin ./bin
# The data directory (SQLite file, uploads, generated secret key) belongs to the unprivileged user.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# A worker serves the health check only with METRICS=true; compose.yaml sets that for its worker.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "bin/chatbot-ops.js", "start"]
