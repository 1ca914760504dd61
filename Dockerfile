# Formstead in a container: `docker build -t formstead .`, then (docs/operations.md "Docker")
#   docker run --init -p 8787:8787 -v formstead-data:/data -e FORMSTEAD_PUBLIC_URL=https://forms.example.com formstead
# --init puts a small init in front of node to reap zombies; node itself handles SIGTERM (in-flight
# requests finish, a final snapshot is written), so `docker stop` is a clean stop.

# Build stage: the whole toolchain, only to make the one-file bundle.
FROM node:22-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs

# Runtime stage: Node and one file; no node_modules (the bundle carries everything).
FROM node:22-slim
# GLIBC_TUNABLES: glibc hands blocks of 128 KB and more back to the system when freed (the compiler's scratch
# memory of the first SQL), ~40 MB less held at rest (docs/performance.md, "At rest").
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8787 \
    FORMSTEAD_DATA=/data \
    GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072
WORKDIR /app
COPY --from=build /src/dist/formstead.mjs /app/formstead.mjs
RUN mkdir -p /data && chown node:node /data
# The image's unprivileged user; the data folder is the only place it writes.
USER node
VOLUME ["/data"]
EXPOSE 8787
# Ready means the store takes writes (a full disk answers 503); node, because the slim image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8787) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node directly (not npm start): npm does not reliably pass SIGTERM on (npm/cli#6684).
ENTRYPOINT ["node", "/app/formstead.mjs"]
