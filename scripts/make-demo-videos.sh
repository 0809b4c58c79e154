#!/usr/bin/env bash
# Makes the demo lecture videos shipped in apps/api/catalogue/media/lectures (run by hand; needs ffmpeg).
# Short, silent H.264 clips (plays on every phone browser), a few kilobytes each, so the repository stays
# small and the demo needs no network. Re-run only to change them.
set -euo pipefail
out="$(dirname "$0")/../apps/api/catalogue/media/lectures"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
mkdir -p "$out"
colours=(0x0b5394 0x00796b 0x6a1b9a 0xe65100 0xad1457 0x2e7d32)
for i in 1 2 3 4 5 6; do
  colour=${colours[$((i - 1))]}
  ffmpeg -loglevel error -y \
    -f lavfi -i "color=c=${colour}:s=640x360:r=15:d=4" \
    -vf "drawtext=fontfile=${font}:text='Demo lecture ${i}':fontcolor=white:fontsize=40:x=(w-text_w)/2:y=(h-text_h)/2-30,drawtext=fontfile=${font}:text='%{eif\\:t+1\\:d} / 4 s':fontcolor=white:fontsize=28:x=(w-text_w)/2:y=(h-text_h)/2+40" \
    -c:v libx264 -profile:v baseline -pix_fmt yuv420p -crf 32 -movflags +faststart -an \
    "$out/demo-${i}.mp4"
done
ls -l "$out"
