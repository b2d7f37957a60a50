#!/bin/bash
# rapfi_forfeits.sh MATCH_DIR... : for each match saved by scripts/match.py (with the games'
# .log files kept, as --save writes them), the games Rapfi lost by giving no answer in time,
# split by what Rapfi's last message had announced: its own win (+M), its loss (-M), neither.
for d in "$@"; do
  tot=0; win=0; lose=0; other=0
  for log in "$d"/game*.log; do
    last=$(tail -1 "$log")
    case "$last" in *" None: "*) ;; *) continue;; esac
    e=$(grep "Eval" "$log" | tail -1 | sed 's/.*Eval \([^ ]*\).*/\1/')
    tot=$((tot+1))
    case $e in +M*) win=$((win+1));; -M*) lose=$((lose+1));; *) other=$((other+1));; esac
  done
  echo "$d: no answer $tot; Rapfi had announced its win $win, its loss $lose, neither $other"
done
