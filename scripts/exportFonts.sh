#!/bin/sh
# Makes the fonts exported SVG files carry (src/ui/share/fonts/*.woff2): DejaVu Sans and DejaVu Sans
# Mono, regular and bold, cut down to the characters the pictures write. Run again only to change
# the characters; the build uses the files as committed. Needs Debian's fonts-dejavu-core,
# python3-fonttools and python3-brotli. Each file keeps its copyright and licence (name records 0,
# 13 and 14), which the licence asks to travel with every copy: the exported files are copies.
set -eu
FROM=${DEJAVU_DIR:-/usr/share/fonts/truetype/dejavu}
TO=$(dirname "$0")/../src/ui/share/fonts
# Latin-1, typographic punctuation, subscript digits, arrows, and the signs the notation and words use.
SANS='U+0020-007E,U+00A0-00FF,U+2013-2014,U+2018-201D,U+2022,U+2026,U+2080-2089,U+2190-2194,U+2205,U+2208,U+2212,U+221A,U+2248,U+2264-2265,U+2713,U+2717'
# What chunk cells write: ASCII, subscript digits and the operators of the values.
MONO='U+0020-007E,U+00B7,U+00D7,U+2026,U+2080-2089,U+2192,U+2205,U+2212'
for face in DejaVuSans DejaVuSans-Bold; do
  python3 -m fontTools.subset "$FROM/$face.ttf" --unicodes="$SANS" --flavor=woff2 --no-hinting --name-IDs=0,1,2,3,4,5,6,13,14 --layout-features=kern --output-file="$TO/$face.woff2"
done
for face in DejaVuSansMono DejaVuSansMono-Bold; do
  python3 -m fontTools.subset "$FROM/$face.ttf" --unicodes="$MONO" --flavor=woff2 --no-hinting --name-IDs=0,1,2,3,4,5,6,13,14 --layout-features= --output-file="$TO/$face.woff2"
done
