#!/usr/bin/env bash
# Installs the Debian packages the tests need, skipping what is already present:
# Chromium for browser tests and Lighthouse; WebKitGTK (its WebDriver and MiniBrowser), Firefox ESR
# and a virtual X display for the journeys in every engine (tests/engines); fonts so every script
# renders (no tofu in screenshots), oathtool as an independent authenticator, openssl for the HTTPS
# test. PostgreSQL is set up by with-postgres.sh.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v WebKitWebDriver >/dev/null 2>&1 || need+=(webkit2gtk-driver)
command -v firefox-esr >/dev/null 2>&1 || need+=(firefox-esr)
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
dpkg -s fonts-noto-core >/dev/null 2>&1 || need+=(fonts-noto-core)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
command -v oathtool >/dev/null 2>&1 || need+=(oathtool)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
