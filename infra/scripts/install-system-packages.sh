#!/usr/bin/env bash
# Installs the Debian packages the project needs, only those missing. Usage:
#   install-system-packages.sh run    # what `make run` needs
#   install-system-packages.sh test   # what `make test` needs (adds Chromium for browser tests)
set -euo pipefail
purpose=${1:-run}

# command-or-file-to-check:debian-package
needs=("nats-server:nats-server")
# Speech: decoding, recognition and its US English model, the replies' voice, MP3, and the tool
# that turns the career language model into pocketsphinx's binary form.
needs+=("ffmpeg:ffmpeg" "pocketsphinx_continuous:pocketsphinx" "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin:pocketsphinx-en-us"
  "festival:festival" "/usr/share/festival/voices/us/cmu_us_slt_arctic_hts/festvox/cmu_us_slt_arctic_hts.scm:festvox-us-slt-hts" "lame:lame"
  "sphinx_lm_convert:sphinxbase-utils")
if [ "$purpose" = test ]; then
  # flite speaks the test recordings (a voice other than the replies'); the recogniser's evaluation
  # (services/speech/evaluation) also uses festival's diphone voices, espeak-ng and sox.
  needs+=("chromium:chromium" "flite:flite" "sox:sox" "espeak-ng:espeak-ng"
    "/usr/share/festival/voices/english/kal_diphone/festvox/kal_diphone.scm:festvox-kallpc16k"
    "/usr/share/festival/voices/english/ked_diphone/festvox/ked_diphone.scm:festvox-kdlpc16k"
    # The résumé PDF's tests read it back (pdftotext, pdffonts, pdfinfo) and draw its pages (pdftoppm).
    "pdftotext:poppler-utils")
fi

missing=()
for pair in "${needs[@]}"; do
  cmd=${pair%%:*}
  pkg=${pair#*:}
  if [ "${cmd:0:1}" = / ]; then
    [ -e "$cmd" ] || missing+=("$pkg")
  else
    command -v "$cmd" >/dev/null 2>&1 || [ -x "/usr/sbin/$cmd" ] || [ -x "/usr/bin/$cmd" ] || missing+=("$pkg")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing system packages: ${missing[*]}. This machine has no apt-get: install them by hand." >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else echo "Installing ${missing[*]} needs root or sudo." >&2; exit 1; fi
fi
echo "Installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${missing[@]}" >/dev/null
