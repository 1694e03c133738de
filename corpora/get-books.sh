#!/usr/bin/env bash
# `make corpora`: puts the default chosen books (corpora/MANIFEST.tsv) into corpora/books/.
#
# 1. From a mirror folder: $FOLIO_MIRROR, else $FOLIO_SHARED/corpora/gutenberg (default
#    ../shared) when it exists.
#    Every copied file must match the manifest's sha256.
# 2. Otherwise from Project Gutenberg (curl, when online). Gutenberg revises its files, so a
#    download may differ from the manifest's copy: that is reported, not fatal.
# Books already present with the right sha256 are left alone. No book text is committed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

mirror="${FOLIO_MIRROR:-}"
if [[ -n "$mirror" ]]; then
    if [[ ! -d "$mirror" ]]; then
        echo "corpora: FOLIO_MIRROR=$mirror is not a folder" >&2
        exit 2
    fi
    mirror="$(cd "$mirror" && pwd)"
else
    # The shared data folder (FOLIO_SHARED, relative to the repository root; default ../shared).
    shared="${FOLIO_SHARED:-../shared}"
    [[ "$shared" = /* ]] || shared="$here/../$shared"
    if [[ -d "$shared/corpora/gutenberg" ]]; then
        mirror="$(cd "$shared/corpora/gutenberg" && pwd)"
    fi
fi

cd "$here"
manifest=MANIFEST.tsv
dest=books
mkdir -p "$dest"

sha() { sha256sum "$1" | cut -d' ' -f1; }

have=0 copied=0 downloaded=0 differs=0 failed=0
while IFS=$'\t' read -r id title file sum; do
    [[ "$id" == gutenberg_id ]] && continue
    target="$dest/$file"
    if [[ -f "$target" && "$(sha "$target")" == "$sum" ]]; then
        have=$((have + 1))
        continue
    fi
    if [[ -n "$mirror" && -f "$mirror/$file" ]]; then
        if [[ "$(sha "$mirror/$file")" != "$sum" ]]; then
            echo "corpora: $mirror/$file does not match its sha256 in $manifest" >&2
            failed=$((failed + 1))
            continue
        fi
        cp "$mirror/$file" "$target.tmp" && mv "$target.tmp" "$target"
        copied=$((copied + 1))
        continue
    fi
    url="https://www.gutenberg.org/cache/epub/$id/pg$id.txt"
    if curl -fsSL --max-time 60 -o "$target.tmp" "$url" 2>/dev/null; then
        mv "$target.tmp" "$target"
        downloaded=$((downloaded + 1))
        if [[ "$(sha "$target")" != "$sum" ]]; then
            echo "corpora: note: $file downloaded from $url differs from the manifest's copy" >&2
            differs=$((differs + 1))
        fi
    else
        rm -f "$target.tmp"
        echo "corpora: cannot get $file ($title): no mirror copy and $url is unreachable" >&2
        failed=$((failed + 1))
    fi
done < "$manifest"

total=$((have + copied + downloaded))
echo "corpora: $total book(s) in corpora/books ($have already there, $copied copied from ${mirror:-no mirror}, $downloaded downloaded, $differs differ from the manifest)"
if (( failed > 0 )); then
    cat >&2 <<MSG
corpora: $failed book(s) missing. To fix, either
  - point FOLIO_MIRROR at a folder holding the files named in corpora/MANIFEST.tsv
    (for example a copy of the shared corpus):  make corpora FOLIO_MIRROR=/path/to/gutenberg
  - or run 'make corpora' on a machine that can reach https://www.gutenberg.org
    (curl is used), then copy corpora/books/ here.
MSG
    exit 2
fi
