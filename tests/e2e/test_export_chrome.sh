#!/usr/bin/env bash
# `skel export --chrome` on traces of real samples: the file is strict JSON
# (RFC 8259, checked by the small validator below - no Python or jq needed),
# holds exactly one complete ("X") event per traced call - the total of
# `skel stats --csv` - and one flow pair per message the replay matched.
. "$(dirname "$0")/lib.sh"

# A strict JSON validator that also counts the "ph" values of the objects
# in the top-level "traceEvents" array: prints "X=.. s=.. f=.. M=.." or the
# byte offset of the first error.
cat >"$TMP/jsoncheck.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const unsigned char *s;
static size_t n, i;
static long cx, cs, cf, cm;
static void die(const char *why) { printf("invalid JSON at byte %zu: %s\n", i, why); exit(1); }
static void ws(void) { while (i < n && strchr(" \t\r\n", s[i]) && s[i]) i++; }
/* A string; *out gets its raw bytes when short and escape-free (for keys, ph). */
static void str(char *out, size_t cap) {
    size_t o = 0;
    if (i >= n || s[i] != '"') die("expected a string");
    i++;
    for (;;) {
        if (i >= n) die("unterminated string");
        unsigned char c = s[i];
        if (c == '"') { i++; break; }
        if (c < 0x20) die("control character in a string");
        if (c == '\\') {
            if (++i >= n || !strchr("\"\\/bfnrtu", s[i])) die("bad escape");
            if (s[i] == 'u') {
                for (int k = 1; k <= 4; k++)
                    if (i + k >= n || !strchr("0123456789abcdefABCDEF", s[i + k]) || !s[i + k]) die("bad \\u");
                i += 4;
            }
            i++;
            continue;
        }
        size_t len = c < 0x80 ? 1 : (c >= 0xc2 && c <= 0xdf) ? 2 : (c >= 0xe0 && c <= 0xef) ? 3
                   : (c >= 0xf0 && c <= 0xf4) ? 4 : 0;
        if (len == 0 || i + len > n) die("invalid UTF-8");
        for (size_t k = 1; k < len; k++)
            if ((s[i + k] & 0xc0) != 0x80) die("invalid UTF-8");
        if ((c == 0xe0 && s[i + 1] < 0xa0) || (c == 0xed && s[i + 1] > 0x9f) ||
            (c == 0xf0 && s[i + 1] < 0x90) || (c == 0xf4 && s[i + 1] > 0x8f)) die("invalid UTF-8");
        if (out && o + len < cap) { memcpy(out + o, s + i, len); o += len; }
        i += len;
    }
    if (out) out[o < cap ? o : cap - 1] = '\0';
}
static void digits(void) { if (i >= n || s[i] < '0' || s[i] > '9') die("expected a digit"); while (i < n && s[i] >= '0' && s[i] <= '9') i++; }
static void value(int depth, int in_events, char *sval, size_t cap);
static void object(int depth, int is_event) {
    char key[64], ph[16] = "";
    i++; ws();
    if (i < n && s[i] == '}') { i++; goto done; }
    for (;;) {
        ws(); str(key, sizeof key); ws();
        if (i >= n || s[i] != ':') die("expected ':'");
        i++;
        int events = depth == 1 && strcmp(key, "traceEvents") == 0;
        value(depth + 1, events, is_event && strcmp(key, "ph") == 0 ? ph : NULL, sizeof ph);
        ws();
        if (i < n && s[i] == ',') { i++; continue; }
        if (i < n && s[i] == '}') { i++; break; }
        die("expected ',' or '}'");
    }
done:
    if (is_event) {
        if (!strcmp(ph, "X")) cx++; else if (!strcmp(ph, "s")) cs++;
        else if (!strcmp(ph, "f")) cf++; else if (!strcmp(ph, "M")) cm++; else die("event without a known ph");
    }
}
static void value(int depth, int in_events, char *sval, size_t cap) {
    ws();
    if (depth > 64) die("too deep");
    if (i >= n) die("expected a value");
    unsigned char c = s[i];
    if (c == '{') { object(depth, 0); return; }
    if (c == '[') {
        i++; ws();
        if (i < n && s[i] == ']') { i++; return; }
        for (;;) {
            ws();
            if (in_events) { if (i >= n || s[i] != '{') die("an event is not an object"); object(depth + 1, 1); }
            else value(depth + 1, 0, NULL, 0);
            ws();
            if (i < n && s[i] == ',') { i++; continue; }
            if (i < n && s[i] == ']') { i++; return; }
            die("expected ',' or ']'");
        }
    }
    if (c == '"') { str(sval, cap); return; }
    if (c == '-' || (c >= '0' && c <= '9')) {
        if (c == '-') i++;
        if (i < n && s[i] == '0') i++; else digits();
        if (i < n && s[i] == '.') { i++; digits(); }
        if (i < n && (s[i] == 'e' || s[i] == 'E')) { i++; if (i < n && (s[i] == '+' || s[i] == '-')) i++; digits(); }
        return;
    }
    if (n - i >= 4 && !memcmp(s + i, "true", 4)) { i += 4; return; }
    if (n - i >= 5 && !memcmp(s + i, "false", 5)) { i += 5; return; }
    if (n - i >= 4 && !memcmp(s + i, "null", 4)) { i += 4; return; }
    die("unexpected character");
}
int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "rb");
    if (!f || argc != 2) { perror(argv[1]); return 2; }
    fseek(f, 0, SEEK_END); n = (size_t)ftell(f); fseek(f, 0, SEEK_SET);
    unsigned char *b = malloc(n + 1);
    if (!b || fread(b, 1, n, f) != n) return 2;
    s = b;
    ws();
    if (i >= n || s[i] != '{') die("expected an object");
    object(1, 0);
    ws();
    if (i != n) die("trailing data");
    printf("X=%ld s=%ld f=%ld M=%ld\n", cx, cs, cf, cm);
    return 0;
}
EOF
"${SKEL_C_COMPILER:-cc}" -O1 -o "$TMP/jsoncheck" "$TMP/jsoncheck.c" || fail "cannot build the JSON checker"
# The checker itself must refuse broken JSON.
for bad in '{"traceEvents":[{"ph":"X",}]}' '{"a":"\x"}' '{"a":01}' '{"a":1} x' '{"traceEvents":[1]}'; do
  printf '%s' "$bad" >"$TMP/bad.json"
  "$TMP/jsoncheck" "$TMP/bad.json" >/dev/null && fail "the checker accepted $bad"
done
printf '{"a":"\x01"}' >"$TMP/bad.json"
"$TMP/jsoncheck" "$TMP/bad.json" >/dev/null && fail "the checker accepted a raw control character"

check() { # name args...
  local name=$1; shift
  echo "-- $name $*"
  timeout 120 "$SKEL" trace --quiet -o "$TMP/$name" -- mpiexec.mpich -n 3 "$SAMPLES/$name" "$@" \
    >"$TMP/$name.out" 2>&1 || { cat "$TMP/$name.out"; fail "$name: skel trace failed"; }
  local calls messages got
  calls=$("$SKEL" stats --csv --no-check "$TMP/$name" | awk -F, '$1 == "all" { s += $3 } END { print s + 0 }')
  messages=$("$SKEL" stats "$TMP/$name" | sed -n 's/^consistent: \([0-9]*\) messages matched.*/\1/p')
  [ -n "$messages" ] || fail "$name: the trace is not consistent"
  "$SKEL" export --chrome -q -o "$TMP/$name.json" "$TMP/$name" || fail "$name: export failed"
  got=$("$TMP/jsoncheck" "$TMP/$name.json") || fail "$name: $got"
  echo "   $got; skel stats: $calls calls, $messages messages"
  [ "$got" = "X=$calls s=$messages f=$messages M=9" ] || fail "$name: expected X=$calls s=f=$messages M=9"
  # Without flows: the same calls, no arrows.
  "$SKEL" export --chrome --no-flows -q -o "$TMP/$name.nf.json" "$TMP/$name" || fail "$name: --no-flows"
  got=$("$TMP/jsoncheck" "$TMP/$name.nf.json") || fail "$name --no-flows: $got"
  [ "$got" = "X=$calls s=0 f=0 M=9" ] || fail "$name --no-flows: $got"
  # Standard output works too, and no temporary file is left behind.
  "$SKEL" export --chrome -o - "$TMP/$name" | cmp -s - "$TMP/$name.json" || fail "$name: -o - differs"
  ls "$TMP" | grep -q '\.tmp\.' && fail "$name: temporary file left"
  return 0
}

check jacobi -n 128 -i 40 -r 4
check mw -t 60 --work-us 200 --prep-us 50
check pipeline -n 128 -i 10 -b 4

echo "-- usage errors"
rc=0; "$SKEL" export -o "$TMP/x.json" "$TMP/jacobi" 2>/dev/null || rc=$?
[ $rc = 2 ] || fail "no format must exit 2, not $rc"
rc=0; "$SKEL" export --chrome "$TMP/jacobi" 2>/dev/null || rc=$?
[ $rc = 2 ] || fail "no -o must exit 2, not $rc"
rc=0; "$SKEL" export --chrome -o "$TMP/x.json" "$TMP/nothing-here" 2>"$TMP/err" || rc=$?
[ $rc = 4 ] || fail "a missing trace must exit 4 (not found), not $rc: $(cat "$TMP/err")"
[ -e "$TMP/x.json" ] && fail "a failed export left a file"
echo "ok"
