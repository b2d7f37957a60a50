#!/bin/bash
# probe.sh BRAIN MS : one position h8 i9 h9 h10 g10 i8 i10 j9 k9 f7 g8 g9, prints the brain's messages
B=$1; MS=${2:-2000}
{ echo "START 15"; echo "INFO timeout_turn $MS"; echo "INFO rule 0";
  echo "BOARD"; 
  i=0; for m in 7,7 8,8 7,8 7,9 6,9 8,7 8,9 9,8 10,8 5,6 6,7 6,8; do c=$(( i % 2 == 0 ? 1 : 2 )); echo "$m,$c"; i=$((i+1)); done
  echo DONE; sleep $(( MS/1000 + 2 )); echo END; } | $B
