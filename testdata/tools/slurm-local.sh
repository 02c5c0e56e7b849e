#!/usr/bin/env bash
# A Slurm "cluster" of one node, this machine, for the test of the deploy scripts (SlurmArrayTest):
# the same sbatch job arrays a real cluster runs, scheduled by Debian's slurm-wlm, authenticated by
# munge.
#
#   slurm-local.sh start   install slurm-wlm and munge if they are missing (apt-get), write a
#                          configuration for this host, start munged, slurmctld and slurmd, and wait
#                          until the node accepts work; prints the partition when it does
#   slurm-local.sh stop    stop the daemons this script started
#
# Root only (Slurm's daemons and /etc/slurm). Everything the daemons write goes under
# $SLURM_LOCAL_DIR (default /tmp/kibitz-slurm); the configuration itself must be
# /etc/slurm/slurm.conf, where Debian's sbatch and sinfo look for it.
set -euo pipefail

state=${SLURM_LOCAL_DIR:-/tmp/kibitz-slurm}
conf=/etc/slurm/slurm.conf

daemon_pids() { # pid files of the daemons we start
  printf '%s\n' "$state/slurmd.pid" "$state/slurmctld.pid" "$state/munge/munged.pid"
}

stop() {
  local f
  while read -r f; do
    if [ -s "$f" ]; then kill "$(cat "$f")" 2>/dev/null || true; rm -f "$f"; fi
  done < <(daemon_pids)
}

need_packages() {
  command -v slurmctld >/dev/null 2>&1 && command -v slurmd >/dev/null 2>&1 && command -v munged >/dev/null 2>&1 \
    && return 0
  [ "$(id -u)" = 0 ] || { echo "slurm-local: slurm-wlm and munge are missing, and only root may install them" >&2; exit 1; }
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null 2>&1; then
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
  fi
}

write_conf() {
  local host cpus
  host=$(hostname -s)
  cpus=$(nproc)
  mkdir -p "$(dirname "$conf")" "$state/slurmd" "$state/slurmctld"
  # One node, one partition, no accounting database: jobs get cores (select/cons_tres), tasks are
  # tracked as plain processes (no cgroups, which containers often lack).
  cat > "$conf" <<CONF
ClusterName=kibitz
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
StateSaveLocation=$state/slurmctld
SlurmdSpoolDir=$state/slurmd
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
}

start_munge() {
  # A key made once per machine; munged refuses a key others may read.
  mkdir -p /etc/munge /run/munge /var/log/munge /var/lib/munge "$state/munge"
  if [ ! -s /etc/munge/munge.key ]; then
    mungekey --create >/dev/null 2>&1 || head -c 1024 /dev/urandom > /etc/munge/munge.key
  fi
  # munged runs as munge where that user exists, and writes its pid file as that user.
  chown munge:munge /etc/munge/munge.key /run/munge /var/log/munge /var/lib/munge "$state/munge" 2>/dev/null || true
  chmod 0400 /etc/munge/munge.key
  if munge -n </dev/null >/dev/null 2>&1; then
    return 0 # a munged already answers (a machine's own service): use it
  fi
  if id munge >/dev/null 2>&1; then
    runuser -u munge -- munged --pid-file="$state/munge/munged.pid" 2>/dev/null \
      || munged --force --pid-file="$state/munge/munged.pid"
  else
    munged --force --pid-file="$state/munge/munged.pid"
  fi
  local i
  for i in $(seq 1 20); do
    munge -n </dev/null >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  echo "slurm-local: munged did not answer" >&2
  exit 1
}

start() {
  need_packages
  mkdir -p "$state"
  write_conf
  start_munge
  pgrep -x slurmctld >/dev/null || slurmctld
  pgrep -x slurmd >/dev/null || slurmd
  # The node comes up "unknown", then "idle" once slurmd has registered; a node left "down" or
  # "drained" by an earlier run is put back to work.
  local i node
  node=$(hostname -s)
  for i in $(seq 1 60); do
    case "$(sinfo -h -n "$node" -o '%t' 2>/dev/null | head -n1)" in
      idle*|mix*|alloc*) sinfo -h -o '%P %a %D %t'; return 0 ;;
      down*|drain*) scontrol update NodeName="$node" State=RESUME >/dev/null 2>&1 || true ;;
    esac
    sleep 1
  done
  echo "slurm-local: the node did not become ready; see $state/slurmctld.log and $state/slurmd.log" >&2
  exit 1
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
