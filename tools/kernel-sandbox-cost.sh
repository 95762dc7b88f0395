#!/usr/bin/env bash
# What the sandbox of `scanlab trace --kernel` costs (docs/your-kernel.md, "The sandbox"): the set-up
# of one box (bubblewrap's, as the runner's is made, against the same namespaces made by util-linux's
# unshare, as the runner would make them itself with clone/unshare, and against no box), then the
# first compile and a cached re-run of a 1024-element Kogge-Stone kernel (the starter with its TODO
# done), each with an empty compile cache of its own.
#   bash tools/kernel-sandbox-cost.sh [SCANLAB] [ROUNDS]     default build/app/scanlab, 20 rounds
set -euo pipefail
cd "$(dirname "$0")/.."
scanlab=${1:-build/app/scanlab}
rounds=${2:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Milliseconds per run of a command, the median of `rounds` runs.
per_run() {
  local times=()
  for _ in $(seq "$rounds"); do
    local t0 t1
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    t1=$(date +%s%N)
    times+=($(( (t1 - t0) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f ms\n", a[int((NR+1)/2)]/1000}'
}

system=(--ro-bind /usr /usr --symlink usr/bin /bin --symlink usr/lib /lib --symlink usr/lib64 /lib64 --size 67108864 --tmpfs /tmp)
echo "no box (fork and exec of true):        $(per_run /usr/bin/true)"
echo "unshare -Urnpi --fork (the namespaces): $(per_run unshare -Urnpi --fork /usr/bin/true)"
echo "bwrap, the runner's box:               $(per_run bwrap --unshare-user --unshare-ipc --unshare-pid --unshare-net --unshare-uts \
  --unshare-cgroup-try --disable-userns --die-with-parent --new-session --clearenv --cap-drop ALL "${system[@]}" /usr/bin/true)"

# The kernel: the Kogge-Stone starter with its TODO done, 1024 elements.
python3 - "$work/kogge_stone.cu" <<'EOF'
import sys
starter = open("assets/your-kernel/kogge-stone.cu").read()
solution = open("tests/fixtures/kernels/starter_solutions/kogge-stone.cu").read()
todo, end = starter.index("// TODO"), starter.index("// END TODO")
start, stop = starter.rindex("\n", 0, todo) + 1, starter.index("\n", end) + 1
open(sys.argv[1], "w").write(starter[:start] + solution + starter[stop:])
EOF
run=("$scanlab" trace --kernel "$work/kogge_stone.cu" --random 1024 --seed 1 --no-device-check)
first=() again=()
for k in $(seq 5); do
  export XDG_CACHE_HOME="$work/cache-$k"
  t0=$(date +%s%N); "${run[@]}" >/dev/null; t1=$(date +%s%N); "${run[@]}" >/dev/null; t2=$(date +%s%N)
  first+=($(( (t1 - t0) / 1000000 ))) again+=($(( (t2 - t1) / 1000000 )))
done
echo "first compile and run, 1024 elements:  ${first[*]} ms (5 runs, each with an empty cache)"
echo "cached re-run, 1024 elements:          ${again[*]} ms"
