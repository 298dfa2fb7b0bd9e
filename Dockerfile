# mcptest as a container image: the single binary of `deno task compile` on a slim Debian base.
#   docker build -t mcptest .
#   docker run --rm -v "$PWD:/work" mcptest run tests/
# docs/install.md explains the choices; tests/ci/dockerfile_test.ts lints this file and keeps the
# compile line in step with deno.json's "compile" task.

# Build stage: Deno compiles cli.ts with the compile task's flags and permission set.
FROM denoland/deno:2.9.6 AS build
WORKDIR /src
COPY deno.json deno.lock ./
COPY cli.ts ./
COPY schemas/ schemas/
COPY src/ src/
RUN deno compile --allow-read --allow-write --allow-env --allow-run --allow-net --allow-sys --include src --output /out/mcptest cli.ts \
 && /out/mcptest --version

# Runtime stage: glibc and a shell (stdio servers are spawned, and a derived image can add their
# runtimes with apt-get), no Deno, no sources, a user without privileges.
FROM debian:trixie-slim
RUN groupadd --gid 10001 mcptest \
 && useradd --uid 10001 --gid 10001 --create-home --home-dir /home/mcptest --shell /usr/sbin/nologin mcptest \
 && mkdir -p /work \
 && chown 10001:10001 /work
COPY --from=build /out/mcptest /usr/local/bin/mcptest
LABEL org.opencontainers.image.title="mcptest" \
      org.opencontainers.image.description="A CI-grade test runner for MCP servers" \
      org.opencontainers.image.version="0.1.0" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.url="https://jsr.io/@mcptest/cli" \
      org.opencontainers.image.documentation="https://jsr.io/@mcptest/cli/doc"
ENV HOME=/home/mcptest
USER 10001:10001
WORKDIR /work
ENTRYPOINT ["/usr/local/bin/mcptest"]
CMD ["--help"]
