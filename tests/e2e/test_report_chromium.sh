#!/usr/bin/env bash
# `skel report` of a real sample - its trace, signature, skeleton (when `skel
# generate` can make one) and a trace of the skeleton, plus results of real
# `skel run`, `skel stats` and `skel predict` runs - rendered in headless
# Chromium: the screenshot is made and the page logs nothing to the console
# (SKEL_REPORT_KEEP=DIR keeps both).
# Two control pages prove that the console check sees errors: one with a
# failing script, and the report with a script injected (which its
# Content-Security-Policy must block, loudly).  Chromium is required: CI
# installs it (scripts/setup.sh), so its absence is a failure, not a skip.
. "$(dirname "$0")/lib.sh"

CHROMIUM=${SKEL_CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || fail "Chromium not found at $CHROMIUM: install Debian's chromium package (bash scripts/setup.sh)"

# render PAGE PNG LOG: a screenshot of file://PAGE, console messages in LOG.
render() {
  local page=$1 png=$2 log=$3 profile
  profile=$(mktemp -d "$TMP/chromium-profile.XXXXXX")
  mkdir -p "$TMP/home"
  HOME="$TMP/home" timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
    --disable-background-networking --disable-component-update --disable-sync --no-first-run \
    --disable-default-apps --user-data-dir="$profile" --enable-logging=stderr --v=0 \
    --screenshot="$png" --window-size=1400,3000 "file://$page" >"$log" 2>&1 ||
    { cat "$log" >&2; fail "chromium failed on $page"; }
}

# console_errors LOG: the page's console messages (Chromium logs every one as
# "...:CONSOLE...] "message", source: ..."): scripts that threw, CSP refusals.
console_errors() { grep -E ':CONSOLE[:(]' "$1" || true; }

# png_ok PNG: a PNG of 1400 x 3000 pixels and more than a blank page's bytes.
png_ok() {
  local png=$1 size w h
  [ -s "$png" ] || return 1
  [ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || return 1
  w=$((16#$(od -An -tx1 -j16 -N4 "$png" | tr -d ' \n')))
  h=$((16#$(od -An -tx1 -j20 -N4 "$png" | tr -d ' \n')))
  size=$(stat -c %s "$png")
  echo "  $png: ${w}x${h}, $size bytes"
  [ "$w" = 1400 ] && [ "$h" = 3000 ] && [ "$size" -gt 40000 ]
}

echo "-- the sample, its skeleton and results"
app=("$SAMPLES/jacobi" -n 512 -i 1000 -r 4)
skel_args=()
if timeout 300 "$SKEL" generate -K 10 -o "$TMP/skel" -- mpiexec.mpich -n 2 "${app[@]}" \
    >"$TMP/generate.out" 2>&1; then
  if [ "${SKEL_ASAN:-0}" = 1 ]; then
    # The skeleton is built without sanitizers, the tracer with them: preload
    # the sanitizer runtime before it, by hand (skel trace would not).
    rt=""
    for lib in libclang_rt.asan-x86_64.so libasan.so; do
      rt=$("${SKEL_C_COMPILER:-cc}" -print-file-name="$lib" 2>/dev/null || true)
      [[ "$rt" == /* && -e "$rt" ]] && break
      rt=""
    done
    timeout 300 mpiexec.mpich -n 2 -genv LD_PRELOAD "${rt:+$rt }$SKEL_BUILD_DIR/tracer/libskeltrace.so" \
      -genv SKEL_TRACE_DIR "$TMP/skel/skeleton-trace" "$TMP/skel/skeleton" >"$TMP/strace.out" 2>&1 ||
      { cat "$TMP/strace.out"; fail "tracing the skeleton"; }
  else
    timeout 300 "$SKEL" trace --quiet -o "$TMP/skel/skeleton-trace" -- mpiexec.mpich -n 2 \
      "$TMP/skel/skeleton" >"$TMP/strace.out" 2>&1 || { cat "$TMP/strace.out"; fail "tracing the skeleton"; }
  fi
  trace=$TMP/skel/trace
  skel_args=(--skeleton "$TMP/skel")
else
  echo "  skel generate failed, reporting without a skeleton:"; tail -n 3 "$TMP/generate.out"
  timeout 300 "$SKEL" trace --quiet -o "$TMP/app.trace" -- mpiexec.mpich -n 2 "${app[@]}" \
    >"$TMP/trace.out" 2>&1 || { cat "$TMP/trace.out"; fail "skel trace"; }
  "$SKEL" compress "$TMP/app.trace" -o "$TMP/app.sig" >/dev/null || fail "skel compress"
  trace=$TMP/app.trace
  skel_args=(--trace "$trace" --signature "$TMP/app.sig")
fi
timeout 300 "$SKEL" run --nodes local -n 2 --repeat 3 --csv "$TMP/run.csv" --quiet -- "${app[@]}" \
  >"$TMP/run.out" 2>&1 || { cat "$TMP/run.out"; fail "skel run"; }
"$SKEL" stats --csv --no-check "$trace" >"$TMP/stats.csv" || fail "skel stats"
"$SKEL" predict --tsv "$trace" >"$TMP/predict.tsv" || fail "skel predict"

echo "-- the report"
"$SKEL" report "${skel_args[@]}" --results "$TMP/run.csv" "$TMP/stats.csv" "$TMP/predict.tsv" \
  -o "$TMP/report.html" 2>"$TMP/report.err" || { cat "$TMP/report.err"; fail "skel report"; }
cat "$TMP/report.err"
xmllint --noout --nonet "$TMP/report.html" || fail "the page is not well-formed"
for chart in timeline share signature runs critpath-call predict; do
  grep -q "data-chart=\"$chart\"" "$TMP/report.html" || fail "no $chart chart"
done
if [ ${#skel_args[@]} -eq 2 ] && [ "${skel_args[0]}" = --skeleton ]; then
  grep -q 'data-timeline="skeleton"' "$TMP/report.html" || fail "no skeleton timeline"
fi
grep -qi '<script' "$TMP/report.html" && fail "the report holds a script"
grep -Eq '(src|href)="(https?:)?//' "$TMP/report.html" && fail "the report refers to the network"

echo "-- Chromium"
render "$TMP/report.html" "$TMP/report.png" "$TMP/report.log"
png_ok "$TMP/report.png" || fail "no proper screenshot of the report"
errs=$(console_errors "$TMP/report.log")
[ -z "$errs" ] || fail "console messages on the report: $errs"
# SKEL_REPORT_KEEP=DIR keeps the page and its screenshot (e.g. as CI artifacts).
if [ -n "${SKEL_REPORT_KEEP:-}" ]; then
  mkdir -p "$SKEL_REPORT_KEEP" && cp "$TMP/report.html" "$TMP/report.png" "$SKEL_REPORT_KEEP/"
fi

echo "-- the console check sees a script error"
cat >"$TMP/broken.html" <<'EOF'
<!DOCTYPE html><html><head><meta charset="utf-8"><title>broken</title></head>
<body><p>A page whose script fails.</p><script>undefinedFunctionOfSkel();</script></body></html>
EOF
render "$TMP/broken.html" "$TMP/broken.png" "$TMP/broken.log"
console_errors "$TMP/broken.log" | grep -q "Uncaught ReferenceError: undefinedFunctionOfSkel" ||
  { cat "$TMP/broken.log" >&2; fail "a deliberate script error went unnoticed"; }

echo "-- ... and a script smuggled into the report (refused by its CSP)"
sed 's|</body>|<script>document.title="pwned"</script></body>|' "$TMP/report.html" >"$TMP/injected.html"
render "$TMP/injected.html" "$TMP/injected.png" "$TMP/injected.log"
console_errors "$TMP/injected.log" | grep -q "violates the following Content Security Policy" ||
  { cat "$TMP/injected.log" >&2; fail "an injected script was not refused, or not noticed"; }
echo "ok"
