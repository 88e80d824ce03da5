#!/usr/bin/env bash
# Assembles the file tree of the container image, which Jib then packs with no base image (the `image` profile of
# bootstrap/pom.xml; docs/deployment.md):
#
#   /opt/java                 a runtime made by jlink from the build's JDK, with the modules listed in ./modules
#   /lib, /lib64              the shared libraries that runtime and the jar's native ones link to (glibc, zlib…), as
#                             ldd finds them here
#   /bin/sh, /usr/bin/…       busybox, for the launcher; the commands in ./tools run it under their own names
#   /etc                      ./etc: the user auth-service (65532) and the name-service files
#   /opt/auth-service         the jar and the launcher (src/main/sh/auth-service), the image's entry point
#   /opt/auth-service/auth-service.aot
#                             on JDK 25 and later, the AOT cache of a training start of the service, made here
#
# and writes beside the tree image.properties, the JVM options the image passes through JDK_JAVA_OPTIONS, and
# base.tar, the image Jib builds on: a layer with the directories whose owner or mode Jib cannot write, since every
# file of its layers is root's and their modes have no sticky bit:
#
#   /tmp                      1777, as on any Linux: every user may write there, and no one remove another's files
#   /var/lib/auth-service     the working directory; data/ under it, H2's default database, is the image user's
#                             (65532) and 0700: it holds the password hashes, the audit trail, the sealed TOTP secrets
#
#   rootfs.sh <jdk home> <bootstrap/target> <output directory>
#
# Linux with glibc only: the libraries come from this machine, and must be those its JDK was built for.
set -euo pipefail

die() {
    echo "rootfs.sh: $*" >&2
    exit 1
}

[ $# -eq 3 ] || die "usage: rootfs.sh <jdk home> <bootstrap/target> <output directory>"
inputs=$(cd "$(dirname "$0")" && pwd)
jdk=$1
target=$2
out=$3

[ "$(uname -s)" = Linux ] || die "the image is built on Linux: it takes the JDK and its libraries from this machine"
command -v ldd >/dev/null || die "no ldd: the image is built on a Linux with glibc"
[ -x "$jdk/bin/jlink" ] || die "$jdk has no bin/jlink: name a JDK with -Dimage.jdk=…"
busybox=$(command -v busybox) || die "no busybox on the PATH: apt-get install busybox-static"
if ldd "$busybox" >/dev/null 2>&1; then
    die "$busybox is linked dynamically; the image needs a static one (Debian: busybox-static)"
fi
[ -f "$target/auth-service.jar" ] && [ -f "$target/auth-service" ] || die "no jar and launcher in $target"

rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd -P)
target=$(cd "$target" && pwd -P)
root=$out/root
mkdir "$root"

# The runtime. classes.jsa is the JDK's own class archive; the nocoops one serves only heaps over 32 GiB. The AWT
# libraries that need X11 or a sound card go: the service is headless.
modules=$(grep -v '^#' "$inputs/modules" | paste -sd, -)
"$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files --generate-cds-archive \
    --output "$root/opt/java" >/dev/null
rm -f "$root"/opt/java/lib/server/classes_nocoops.jsa "$root"/opt/java/lib/libawt_xawt.so \
    "$root"/opt/java/lib/libjawt.so "$root"/opt/java/lib/libsplashscreen.so "$root"/opt/java/lib/libjsound.so

# The native libraries the jar carries (JNA's, Argon2's, the Corretto crypto provider's), unpacked at run time: they
# link to libraries of their own, such as libpthread.so.0, which a runtime built for a newer glibc names nowhere.
# ldd reads those of this machine's architecture and passes over the others.
natives=$out/natives
mkdir -p "$natives"
(cd "$natives" && "$jdk/bin/jar" tf "$target/auth-service.jar" | grep '\.so$' | xargs -r "$jdk/bin/jar" xf \
    "$target/auth-service.jar")

# The shared libraries, at the paths ldd gives, the loader included; libgcc_s, which glibc loads when a thread is
# cancelled, too.
libraries=$(
    find "$root/opt/java" "$natives" -type f \( -name '*.so' -o -perm -u+x \) | while read -r file; do
        ldd "$file" 2>/dev/null || true # "not a dynamic executable"
    done | sed -n 's/^.*=> \(\/[^ ]*\) (0x.*$/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (0x.*$/\1/p' | sort -u
)
gcc_s=$(ldconfig -p 2>/dev/null | awk '$1 == "libgcc_s.so.1" && !found { print $NF; found = 1 }') # no early exit: pipefail
for library in $libraries $gcc_s; do
    case $library in "$root"/*) continue ;; esac
    mkdir -p "$root$(dirname "$library")"
    cp -L "$library" "$root$library"
done

# busybox as /bin/sh, and the commands: Jib copies files and not links, so each is a script naming the command.
mkdir -p "$root/bin" "$root/usr/bin"
cp "$busybox" "$root/bin/sh"
for tool in $(grep -v '^#' "$inputs/tools"); do
    printf '#!/bin/sh\nexec -a %s /bin/sh "$@"\n' "$tool" >"$root/usr/bin/$tool"
done

cp -R "$inputs/etc" "$root/etc"
mkdir -p "$root/opt/auth-service"
cp "$target/auth-service.jar" "$target/auth-service" "$root/opt/auth-service/"

# Jib dates every file 1970-01-01T00:00:01Z; the cache records the dates of the jar and of the runtime's files and
# is refused if they differ, so the tree carries those dates before the training start.
find "$root" -exec touch -h -d @1 {} +

options=-Xshare:auto # the default: JDK_JAVA_OPTIONS says nothing new before JDK 25
version=$(sed -n 's/^JAVA_VERSION="\(.*\)"$/\1/p' "$root/opt/java/release")
if [ "${version%%.*}" -ge 25 ]; then
    # A training start: the launcher, on the runtime just made, records the AOT cache (classes loaded and linked,
    # the method profiles) while it serves a few requests, and writes it when it stops. Its paths are this tree's;
    # a JDK 25 cache holds at another place for the same files (same size and date).
    training=$out/training
    mkdir -p "$training"
    free_port() {
        local port
        while :; do
            port=$((20000 + RANDOM % 30000))
            (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null || break
        done
        echo "$port"
    }
    api=$(free_port)
    management=$(free_port)
    [ "$api" != "$management" ] || management=$((api + 1))
    (
        cd "$training"
        exec env -i PATH=/usr/bin:/bin HOME="$training" JAVA_HOME="$root/opt/java" \
            AUTH_SERVICE_CACHE_DIR="$training" MICRONAUT_ENVIRONMENTS=dev \
            MICRONAUT_SERVER_PORT="$api" AUTH_MANAGEMENT_PORT="$management" \
            "$root/opt/auth-service/auth-service" >"$out/training.log" 2>&1
    ) &
    pid=$!
    ready=""
    for _ in $(seq 1 240); do
        if curl -sf "http://127.0.0.1:$management/health/readiness" >/dev/null 2>&1; then
            ready=yes
            break
        fi
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.5
    done
    if [ -z "$ready" ]; then
        kill "$pid" 2>/dev/null || true
        die "the training start did not become ready: $out/training.log"
    fi
    for _ in 1 2 3 4 5; do
        curl -sf "http://127.0.0.1:$api/health" >/dev/null
        answer=$(curl -sf "http://127.0.0.1:$api/api/login" -H 'Content-Type: application/json' \
            -d '{"username":"alice","password":"alice-password"}')
        access=$(printf '%s' "$answer" | sed -n 's/.*"accessToken":"\([^"]*\)".*/\1/p')
        curl -sf "http://127.0.0.1:$api/api/user/profile" -H "Authorization: Bearer $access" >/dev/null
        curl -sf "http://127.0.0.1:$api/api/login" -H 'Content-Type: application/json' \
            -d '{"username":"alice","password":"not-her-password"}' >/dev/null || true
        curl -sf "http://127.0.0.1:$management/prometheus" >/dev/null
    done
    kill -TERM "$pid"
    wait "$pid" || true
    made=$(find "$training" -maxdepth 1 -name 'auth-service-jdk*.tmp.aot' -print -quit)
    [ -n "$made" ] || die "the training start wrote no AOT cache: $out/training.log"
    cache=/opt/auth-service/auth-service.aot
    mv "$made" "$root$cache"
    touch -d @1 "$root$cache"
    # As the launcher passes it; its flags and these options must agree with the training start's, as they do.
    options="-XX:AOTCache=$cache -Xlog:aot=error,cds=error"
fi
printf 'image.java.options=%s\n' "$options" >"$out/image.properties"

# base.tar, as docker save writes an image: its layer, its configuration naming the layer's digest, and a manifest.
base=$out/base
mkdir -p "$base/layer/tmp" "$base/layer/var/lib/auth-service/data"
chmod 755 "$base/layer/var" "$base/layer/var/lib" "$base/layer/var/lib/auth-service"
chmod 1777 "$base/layer/tmp"
chmod 700 "$base/layer/var/lib/auth-service/data"
layer() { # adds the directories after $1, without their contents, as $1's
    tar --append --file "$base/layer.tar" --directory "$base/layer" --format=ustar --no-recursion --numeric-owner \
        --owner="$1" --group="$1" --mtime=@1 "${@:2}"
}
layer 0 tmp var var/lib var/lib/auth-service
layer 65532 var/lib/auth-service/data
case $(uname -m) in
    x86_64) architecture=amd64 ;;
    aarch64) architecture=arm64 ;;
    *) architecture=$(uname -m) ;;
esac
diff_id=sha256:$(sha256sum "$base/layer.tar" | cut -d' ' -f1)
cat >"$base/config.json" <<EOF
{"architecture": "$architecture", "os": "linux", "rootfs": {"type": "layers", "diff_ids": ["$diff_id"]},
 "history": [{"created": "1970-01-01T00:00:01Z", "created_by": "rootfs.sh", "comment": "/tmp and the data directory"}]}
EOF
printf '[{"Config":"config.json","RepoTags":[],"Layers":["layer.tar"]}]' >"$base/manifest.json"
tar --create --file "$out/base.tar" --directory "$base" --numeric-owner --owner=0 --group=0 --mtime=@1 \
    manifest.json config.json layer.tar
