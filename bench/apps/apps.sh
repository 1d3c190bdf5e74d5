#!/usr/bin/env bash
# apps.sh - the real MPI applications of bench/accuracy.sh, from Debian packages.
#
#   apps.sh install          apt-get install -y what they need (root; once)
#   apps.sh build DIR        compile the two programs of ours, write inputs into DIR
#   apps.sh check DIR        run each once with 2 ranks (under the MPI lock) and print its time
#   apps.sh cmd DIR APP SIZE the command line (no launcher) of APP at SIZE = full|quick|small
#   apps.sh mpi APP          mpich or openmpi: the MPI the Debian package is built with
#   apps.sh dir DIR APP      the directory APP must run in (its input files)
#   apps.sh list             the applications
#
# full: ~10-20 s with 2 ranks on the dedicated 2-host testbed; quick: a few
# seconds; small: the small-input baseline of Sodhi et al. 5.4.
#
# What each stresses (bench/accuracy.md has how skel fared):
#   lammps    LAMMPS (Debian lammps, Open MPI): the Lennard-Jones melt benchmark,
#             32000 atoms; ghost-atom exchange with neighbours every step
#             (point-to-point), reductions for thermodynamic output.
#   mpb       MIT Photonic Bands (mpb-mpi, Open MPI): band structure of a 2-D
#             photonic crystal; parallel FFTs (FFTW's MPI transposes: all-to-all)
#             inside an iterative eigensolver, many small reductions.
#   scalapack ScaLAPACK's LU test driver (scalapack-mpi-test, MPICH): dense LU
#             factorisation and solve on a 1 x 2 process grid, BLACS broadcasts
#             of panels and pivots, 160 factorisations of 640 x 640.
#   h5ckpt    our parallel HDF5 program (libhdf5-mpich-dev): Jacobi sweeps with
#             halo exchange and a collective MPI-IO checkpoint every 250 sweeps.
#   heatcaf   our Coarray Fortran program (libcaf-mpich-3 via OpenCoarrays' caf):
#             heat diffusion with halo rows put into the neighbours' coarrays
#             (MPI one-sided) and SYNC IMAGES.
#   nwchem    NWChem (nwchem-mpich): direct SCF of a water dimer, cc-pVTZ; Global
#             Arrays over ARMCI-MPI (MPI one-sided in passive-target epochs).
#             Here (nwchem-mpich 7.0.2-4, 2 ranks) the run aborts after ~4 min
#             (ga_iter_lsolve: convergence stagnant, MPI_Abort, 2026-11-27),
#             so it is traced only: a skeleton is made of runs that complete.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
CAF=/usr/lib/x86_64-linux-gnu/open-coarrays/mpich/bin/caf
XDLU=/usr/lib/x86_64-linux-gnu/scalapack/mpich-tests/xdlu
APPS="lammps mpb scalapack h5ckpt heatcaf nwchem"
PACKAGES="lammps mpb-mpi scalapack-mpi-test libhdf5-mpich-dev libcoarrays-mpich-dev nwchem-mpich"

die() { echo "apps.sh: $*" >&2; exit 1; }

lu_dat() { # lu_dat FILE NSIZES N NB...
    local f=$1 count=$2 n=$3
    shift 3
    local ns
    ns=$(for _ in $(seq "$count"); do printf '%s ' "$n"; done)
    sed -e "s/@COUNT@/$count/" -e "s/@NS@/$ns/g" -e "s/@NNB@/$#/" -e "s/@NBS@/$*/" \
        "$here/scalapack_LU.dat.in" >"$f"
}

case ${1:-} in
install)
    missing=()
    for p in $PACKAGES; do
        dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "apps.sh: installing ${missing[*]}" >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2
    fi
    ;;
build)
    d=${2:?apps.sh build DIR}
    mkdir -p "$d/bin" "$d/nwchem/scratch" "$d/nwchem/perm" "$d/lu-full" "$d/lu-quick" "$d/lu-small"
    "$CAF" -O2 -o "$d/bin/heat_caf" "$here/heat_caf.f90"
    h5pcc.mpich -O2 -o "$d/bin/h5ckpt" "$here/h5ckpt.c"
    # xdlu reads LU.dat from the directory it runs in: one directory per size.
    lu_dat "$d/lu-full/LU.dat" 20 640 8 16 24 32 40 48 56 64
    lu_dat "$d/lu-quick/LU.dat" 10 640 16 32 48 64
    lu_dat "$d/lu-small/LU.dat" 4 320 16 32
    sed -e "s|@SCRATCH@|$d/nwchem/scratch|" -e "s|@PERM@|$d/nwchem/perm|" \
        "$here/nwchem_h2o2.nw" >"$d/nwchem/h2o2.nw"
    ;;
cmd)
    d=${2:?} app=${3:?} size=${4:?}
    case $app/$size in
    lammps/full) echo "lmp -log none -var s 20 -var steps 1500 -in $here/lammps_lj.in" ;;
    lammps/quick) echo "lmp -log none -var s 16 -var steps 500 -in $here/lammps_lj.in" ;;
    lammps/small) echo "lmp -log none -var s 10 -var steps 500 -in $here/lammps_lj.in" ;;
    mpb/full) echo "mpb-mpi res=40 bands=8 interp=5 $here/mpb_rods.ctl" ;;
    mpb/quick) echo "mpb-mpi res=32 bands=8 interp=4 $here/mpb_rods.ctl" ;;
    mpb/small) echo "mpb-mpi res=24 bands=6 interp=4 $here/mpb_rods.ctl" ;;
    scalapack/*) echo "$XDLU" ;; # the size is the directory's LU.dat
    h5ckpt/full) echo "$d/bin/h5ckpt -n 1024 -i 5000 -e 250" ;;
    h5ckpt/quick) echo "$d/bin/h5ckpt -n 512 -i 2000 -e 250" ;;
    h5ckpt/small) echo "$d/bin/h5ckpt -n 256 -i 2000 -e 250" ;;
    heatcaf/full) echo "$d/bin/heat_caf 1024 2000 50" ;;
    heatcaf/quick) echo "$d/bin/heat_caf 512 1000 50" ;;
    heatcaf/small) echo "$d/bin/heat_caf 256 1000 50" ;;
    nwchem/*) echo "nwchem.mpich $d/nwchem/h2o2.nw" ;;
    *) die "no application $app or size $size" ;;
    esac
    ;;
dir)
    d=${2:?} app=${3:?} size=${4:-full}
    case $app in
    scalapack) echo "$d/lu-$size" ;;
    nwchem) echo "$d/nwchem" ;;
    *) echo "$d" ;;
    esac
    ;;
mpi)
    case ${2:?} in
    lammps | mpb) echo openmpi ;;
    *) echo mpich ;;
    esac
    ;;
check)
    d=${2:?apps.sh check DIR}
    export ARMCI_USE_WIN_ALLOCATE=0 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    for a in $APPS; do
        read -r -a c <<<"$("$0" cmd "$d" "$a" full)"
        l=(mpiexec.mpich -n 2)
        [ "$("$0" mpi "$a")" = openmpi ] && l=(mpirun.openmpi -n 2)
        t0=$(date +%s.%N)
        (cd "$("$0" dir "$d" "$a")" && flock /tmp/skel-mpi.lock "${l[@]}" "${c[@]}" >"$d/$a.check.out" 2>&1) &&
            s=ok || s="failed ($d/$a.check.out)"
        printf '%-10s %6.1f s  %s\n' "$a" "$(echo "$(date +%s.%N) - $t0" | bc)" "$s"
    done
    ;;
list) echo "$APPS" ;;
*) sed -n '2,12p' "$0"; exit 2 ;;
esac
