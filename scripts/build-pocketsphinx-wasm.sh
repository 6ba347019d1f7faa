#!/usr/bin/env bash
# Builds PocketSphinx (Debian's sphinxbase + pocketsphinx sources) to WebAssembly with Debian's
# emscripten, and copies the US-English model from Debian's pocketsphinx-en-us. The outputs are
# committed (worker/ai/local/stt/vendor/), so `npm install && npm run dev` needs none of this; run it
# only to reproduce or update them. Needs root for apt-get (Debian bookworm, deb-src enabled).
#
#   bash scripts/build-pocketsphinx-wasm.sh
#
# Inputs (pinned): sphinxbase and pocketsphinx 0.8+5prealpha+1 (Debian source packages, Debian
# patches applied by dpkg-source), emscripten 3.1.6~dfsg (Debian), pocketsphinx-en-us (Debian).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
HERE="$ROOT/scripts/pocketsphinx-wasm"
OUT="$ROOT/worker/ai/local/stt/vendor"
WORK="${POCKETSPHINX_BUILD_DIR:-/tmp/echo-pocketsphinx-build}"
VERSION="0.8+5prealpha+1"

if ! command -v emcc >/dev/null || ! dpkg -s pocketsphinx-en-us >/dev/null 2>&1; then
  if ! ls /etc/apt/sources.list.d/*src* >/dev/null 2>&1 && ! grep -rqs '^deb-src\|Types: deb-src' /etc/apt/sources.list /etc/apt/sources.list.d; then
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > /etc/apt/sources.list.d/debian-src.sources
  fi
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q emscripten node-acorn pocketsphinx-en-us dpkg-dev
fi

mkdir -p "$WORK" && cd "$WORK"
for pkg in sphinxbase pocketsphinx; do
  if [ ! -d "$pkg-$VERSION" ]; then
    apt-get source -q --download-only "$pkg=$(apt-cache showsrc "$pkg" | awk '/^Version:/{print $2; exit}')"
    dpkg-source -x "$pkg"_*.dsc "$pkg-$VERSION" >/dev/null
  fi
done

SB="$WORK/sphinxbase-$VERSION"
PS="$WORK/pocketsphinx-$VERSION"
INC="$WORK/include"
mkdir -p "$INC/sphinxbase"
cp "$HERE/config.h" "$INC/config.h"
cp "$HERE/sphinx_config.h" "$INC/sphinx_config.h"
cp "$HERE/sphinx_config.h" "$INC/sphinxbase/sphinx_config.h"

SOURCES=$(ls "$SB"/src/libsphinxbase/{fe,feat,lm,util}/*.c "$PS"/src/libpocketsphinx/*.c)

mkdir -p "$OUT"
# Debian's acorn (node-acorn) for emcc's JS optimizer, whichever node is first on PATH.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
emcc -O3 -DHAVE_CONFIG_H \
  -I"$INC" -I"$SB/include" -I"$SB/include/sphinxbase" -I"$PS/include" -I"$PS/src/libpocketsphinx" \
  $SOURCES "$HERE/echo_glue.c" \
  -sMODULARIZE -sEXPORT_ES6 -sEXPORT_NAME=createPocketSphinx \
  -sENVIRONMENT=web,worker -sDYNAMIC_EXECUTION=0 -sALLOW_MEMORY_GROWTH -sFORCE_FILESYSTEM \
  -sINITIAL_MEMORY=33554432 -sTOTAL_STACK=1048576 \
  -sEXPORTED_FUNCTIONS=_malloc,_free \
  -sEXPORTED_RUNTIME_METHODS=FS,UTF8ToString,stringToUTF8,lengthBytesUTF8,HEAP16,HEAPU32 \
  -o "$OUT/pocketsphinx.mjs"

# The model: acoustic model, dictionary and the general US-English trigram LM from Debian.
MODEL=/usr/share/pocketsphinx/model/en-us
mkdir -p "$OUT/model"
for f in feat.params mdef means noisedict sendump transition_matrices variances; do cp "$MODEL/en-us/$f" "$OUT/model/$f.bin"; done
cp "$MODEL/cmudict-en-us.dict" "$OUT/model/cmudict-en-us.dict.bin"
cp "$MODEL/en-us.lm.bin" "$OUT/model/en-us.lm.bin"
cp /usr/share/doc/pocketsphinx-en-us/copyright "$OUT/model/COPYRIGHT"
ls -la "$OUT" "$OUT/model"
