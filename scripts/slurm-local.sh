#!/usr/bin/env bash
# slurm-local.sh - a small Slurm cluster on this machine, for tests and for
# trying `skel run/select --nodes slurm` without a real cluster.
#
#   scripts/slurm-local.sh up DIR [NODES [CPUS]]   start munged, slurmctld and NODES
#                                                  slurmd (n1..nNODES, CPUS each;
#                                                  default 2 nodes of 2 CPUs); wait
#                                                  until every node is idle
#   scripts/slurm-local.sh down DIR                stop everything started from DIR
#                                                  (daemons, job steps, their ranks)
#                                                  and remove DIR
#   scripts/slurm-local.sh env DIR                 print 'export SLURM_CONF=...'
#
# Everything lives in DIR (created by up; it must not exist or be empty): its
# own munge key and socket, slurm.conf, spool, state and logs.  Nothing under
# /etc is read or changed, so a machine-wide Slurm or munge is left alone.
# Clients find the cluster through SLURM_CONF=DIR/slurm.conf.
#
# The set-up is the one that works on Debian 12's Slurm 22.05 without systemd
# or cgroups: munged run by hand as the munge user; the nodes are several
# slurmd on 127.0.0.1 told apart by -N NAME, each with its own Port= and
# SlurmdSpoolDir (%n); processes tracked by their parent (proctrack/linuxproc),
# no task binding (task/none), CPUs as consumable resources (select/cons_tres).
# MPICH ranks are started with `srun --mpi=pmi2`, Open MPI ranks with
# `srun --mpi=pmix`.  salloc ignores SIGTERM: limit a command inside the
# allocation instead (salloc -N 2 timeout -k 5 60 CMD).
#
# Root is needed (slurmd runs job steps as the submitting user and munged as
# the munge user).  The ports are the first free ones from 17817 up.
set -euo pipefail

die() { echo "slurm-local: $*" >&2; exit 1; }

usage() {
    sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
    exit 2
}

# A free TCP port on 127.0.0.1 at or above $1 (none of the ports in $2).
free_port() {
    local p=$1 taken=" ${2:-} "
    while [ "$p" -lt 65000 ]; do
        if [[ "$taken" != *" $p "* ]] && ! ss -Hltn "sport = :$p" 2>/dev/null | grep -q .; then
            echo "$p"
            return 0
        fi
        p=$((p + 1))
    done
    die "no free port above $1"
}

# This script and the processes above it (a shell or test that exported
# SLURM_CONF must not be taken for part of the cluster).
ancestors() {
    local p=$$ stat
    while [ -n "$p" ] && [ "$p" -gt 1 ]; do
        echo "$p"
        stat=$(cat "/proc/$p/stat" 2>/dev/null) || break
        stat=${stat##*) }
        set -- $stat
        p=$2
    done
}

# Process ids whose environment names this cluster's slurm.conf (job steps,
# the ranks they started, the daemons), or whose command line names DIR.
cluster_pids() {
    local dir=$1 conf="SLURM_CONF=$1/slurm.conf" p mine
    mine=" $(ancestors | tr '\n' ' ') $BASHPID "
    for p in /proc/[0-9]*; do
        p=${p#/proc/}
        [[ "$mine" == *" $p "* ]] && continue
        if grep -qzxF -- "$conf" "/proc/$p/environ" 2>/dev/null ||
            grep -qzF -- "$dir/" "/proc/$p/cmdline" 2>/dev/null; then
            echo "$p"
        fi
    done
}

cmd_up() {
    local dir=$1 nodes=${2:-2} cpus=${3:-2}
    [ "$(id -u)" = 0 ] || die "needs root (slurmd, munged as the munge user)"
    for t in munged slurmctld slurmd srun scontrol sinfo; do
        command -v "$t" >/dev/null || die "$t not found (apt-get install slurm-wlm munge)"
    done
    id munge >/dev/null 2>&1 || die "no munge user (apt-get install munge)"
    [[ "$nodes" =~ ^[1-9][0-9]?$ ]] || die "NODES: expected 1..99, got '$nodes'"
    [[ "$cpus" =~ ^[1-9][0-9]?$ ]] || die "CPUS: expected 1..99, got '$cpus'"
    if [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then
        die "$dir exists and is not empty"
    fi
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    chmod 755 "$dir"
    runuser -u munge -- test -x "$dir" ||
        die "the munge user cannot reach $dir: a directory above it is not searchable by others (choose one under /tmp)"
    mkdir -p "$dir/munge" "$dir/state" "$dir/log" "$dir/run" "$dir/spool"
    local i
    for i in $(seq "$nodes"); do mkdir -p "$dir/spool/n$i" "$dir/tmp/n$i"; done

    # munge: a key of our own, the socket in DIR.  munged refuses directories
    # that others may write to, and keys that others may read.
    dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
    chown -R munge:munge "$dir/munge"
    chmod 700 "$dir/munge"
    chmod 400 "$dir/munge/munge.key"
    chmod 711 "$dir/munge" # clients (root here) reach the socket
    runuser -u munge -- munged --key-file="$dir/munge/munge.key" \
        --socket="$dir/munge/munge.socket" --pid-file="$dir/munge/munged.pid" \
        --seed-file="$dir/munge/munged.seed" --log-file="$dir/munge/munged.log" ||
        die "munged did not start: $(tail -n 3 "$dir/munge/munged.log" 2>/dev/null)"

    local ctl taken ports=() host
    host=$(hostname -s)
    ctl=$(free_port 17817)
    taken="$ctl"
    for i in $(seq "$nodes"); do
        ports[$i]=$(free_port $((ctl + i)) "$taken")
        taken="$taken ${ports[$i]}"
    done
    : >"$dir/plugstack.conf"
    {
        echo "# slurm.conf - written by scripts/slurm-local.sh; removed by 'down'"
        echo "ClusterName=skellocal"
        echo "SlurmctldHost=$host(127.0.0.1)"
        echo "SlurmctldPort=$ctl"
        echo "SlurmUser=root"
        echo "SlurmdUser=root"
        echo "AuthType=auth/munge"
        echo "CredType=cred/munge"
        echo "AuthInfo=socket=$dir/munge/munge.socket"
        echo "StateSaveLocation=$dir/state"
        echo "SlurmdSpoolDir=$dir/spool/%n"
        # Per node: PMIx (srun --mpi=pmix) makes its client directories
        # there, and two nodes on one machine would collide in /tmp.
        echo "TmpFS=$dir/tmp/%n"
        echo "SlurmctldPidFile=$dir/run/slurmctld.pid"
        echo "SlurmdPidFile=$dir/run/slurmd-%n.pid"
        echo "SlurmctldLogFile=$dir/log/slurmctld.log"
        echo "SlurmdLogFile=$dir/log/slurmd-%n.log"
        echo "PlugStackConfig=$dir/plugstack.conf"
        echo "ProctrackType=proctrack/linuxproc"
        echo "TaskPlugin=task/none"
        echo "SelectType=select/cons_tres"
        echo "SelectTypeParameters=CR_CPU"
        echo "SchedulerType=sched/builtin"
        echo "MpiDefault=none"
        echo "SwitchType=switch/none"
        echo "JobCompType=jobcomp/none"
        echo "JobAcctGatherType=jobacct_gather/none"
        echo "AccountingStorageType=accounting_storage/none"
        echo "ReturnToService=2"
        echo "SlurmctldTimeout=30"
        echo "SlurmdTimeout=30"
        echo "InactiveLimit=0"
        echo "KillWait=2"
        echo "MinJobAge=10"
        for i in $(seq "$nodes"); do
            echo "NodeName=n$i NodeHostname=$host NodeAddr=127.0.0.1 Port=${ports[$i]} CPUs=$cpus State=UNKNOWN"
        done
        echo "PartitionName=local Nodes=$(seq -s, -f 'n%g' "$nodes") Default=YES MaxTime=INFINITE State=UP"
    } >"$dir/slurm.conf"

    export SLURM_CONF="$dir/slurm.conf"
    slurmctld -f "$SLURM_CONF" || die "slurmctld did not start: $(tail -n 5 "$dir/log/slurmctld.log")"
    for i in $(seq "$nodes"); do
        # -D keeps it in the foreground: started in the background here, its
        # process id is known at once (the pid file comes later).
        setsid slurmd -D -f "$SLURM_CONF" -N "n$i" </dev/null >>"$dir/log/slurmd-n$i.out" 2>&1 &
    done
    local t
    for t in $(seq 150); do
        if [ "$(sinfo -h -N -o '%T' 2>/dev/null | grep -cx idle)" = "$nodes" ]; then
            echo "slurm-local: $nodes nodes idle (SLURM_CONF=$SLURM_CONF)"
            return 0
        fi
        sleep 0.1
    done
    sinfo -N >&2 || true
    tail -n 5 "$dir"/log/*.log >&2 || true
    die "the nodes did not become idle within 15 s"
}

# TERM the processes cluster_pids finds (but the one in $2), wait up to 5 s,
# then KILL what is left.
stop_pids() {
    local dir=$1 spare=${2:-} pids t
    for t in $(seq 50); do
        pids=$(cluster_pids "$dir" | grep -vx -- "${spare:-none}" || true)
        [ -z "$pids" ] && return 0
        [ "$t" = 1 ] && kill -TERM $pids 2>/dev/null
        sleep 0.1
    done
    kill -KILL $pids 2>/dev/null || true
    sleep 0.2
}

cmd_down() {
    local dir=$1 munged="" pids
    [ -d "$dir" ] || return 0
    dir=$(cd "$dir" && pwd)
    [ -f "$dir/slurm.conf" ] || [ -d "$dir/munge" ] || die "$dir is not a slurm-local directory"
    # Jobs first (through the controller, if it still answers), then the
    # daemons, job steps and ranks, munged last (the others talk to it on
    # their way out).
    SLURM_CONF="$dir/slurm.conf" timeout 5 scancel --quiet --full --user "$(id -un)" \
        >/dev/null 2>&1 || true
    [ -f "$dir/munge/munged.pid" ] && munged=$(cat "$dir/munge/munged.pid")
    stop_pids "$dir" "$munged"
    stop_pids "$dir"
    pids=$(cluster_pids "$dir")
    [ -z "$pids" ] || die "processes of $dir still running: $pids"
    rm -rf "$dir"
}

# The daemons must not inherit this script's open files: a lock held by
# whoever called it (flock CMD keeps its lock open in CMD's children) would
# otherwise stay held by munged and slurmd until they stop.
for fd in /proc/$$/fd/*; do
    fd=${fd##*/}
    if [ "$fd" -gt 2 ] 2>/dev/null; then
        eval "exec $fd>&-" 2>/dev/null || true
    fi
done

[ $# -ge 2 ] || usage
case $1 in
up) shift; cmd_up "$@" ;;
down)
    # Run without SLURM_CONF: this script's own subshells and helpers (whose
    # /proc/PID/environ is the environment the script was started with) must
    # not look like processes of the cluster.
    if [ -n "${SLURM_CONF+set}" ]; then
        exec env -u SLURM_CONF bash "$0" down "$2"
    fi
    cmd_down "$2" ;;
env) echo "export SLURM_CONF=$(cd "$2" && pwd)/slurm.conf" ;;
*) usage ;;
esac
