#!/usr/bin/env bash
# Starts a real single-node Slurm on this machine (for tests and small runs): installs the
# Debian packages `slurm-wlm` and `munge` when missing, writes a slurm.conf for this host into
# $MAGIC_SLURM_DIR (default /tmp/magic-slurm), starts munged, slurmctld and slurmd, and waits
# until the node is idle. Stop it with stop-slurm.sh. Needs root (the daemons run as root).
set -euo pipefail
dir=${MAGIC_SLURM_DIR:-/tmp/magic-slurm}
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq slurm-wlm munge >/dev/null
fi
mkdir -p "$dir"/{state,spool,log} /etc/munge /var/run/munge /var/lib/munge /var/log/munge
if [ ! -s /etc/munge/munge.key ]; then
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
fi
chmod 400 /etc/munge/munge.key
if ! pgrep -x munged >/dev/null; then
    munged --force
fi
host=$(hostname -s)
cpus=$(nproc)
memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2 ))
conf="$dir/slurm.conf"
cat > "$conf" <<CONF
ClusterName=magic
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$conf"
if ! { [ -f "$dir/slurmctld.pid" ] && kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null; }; then
    slurmctld -f "$conf"
fi
if ! { [ -f "$dir/slurmd.pid" ] && kill -0 "$(cat "$dir/slurmd.pid")" 2>/dev/null; }; then
    slurmd -f "$conf"
fi
for _ in $(seq 60); do
    if sinfo -h -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)'; then
        echo "slurm is up: SLURM_CONF=$conf"
        exit 0
    fi
    sleep 1
done
echo "slurm did not come up; logs in $dir/log" >&2
exit 1
