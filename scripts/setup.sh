#!/usr/bin/env bash
# setup.sh - install what Skel needs on Debian 12 (idempotent, non-interactive).
# Installs only missing packages; runs apt-get update at most once.
set -euo pipefail

packages=(
  build-essential cmake pkg-config binutils git
  mpich libmpich-dev gfortran
  openmpi-bin libopenmpi-dev
  libpcre2-dev libxml2-dev libxml2-utils libcriterion-dev
  clang libclang-rt-14-dev
  iproute2 procps psmisc bc time chromium
  slurm-wlm munge
  libotf2-trace-dev otf2-tools help2man man-db
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
