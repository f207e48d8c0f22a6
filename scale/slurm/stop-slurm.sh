#!/usr/bin/env bash
# Stops the single-node Slurm that start-slurm.sh started (its daemons, by their pid files).
set -u
dir=${MAGIC_SLURM_DIR:-/tmp/magic-slurm}
for daemon in slurmd slurmctld; do
    if [ -f "$dir/$daemon.pid" ]; then
        kill "$(cat "$dir/$daemon.pid")" 2>/dev/null || true
    fi
done
