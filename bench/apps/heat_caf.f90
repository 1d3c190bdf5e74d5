! heat_caf.f90 - a small Coarray Fortran program for bench/accuracy.sh: 2-D
! heat diffusion (Jacobi sweeps) on an N x N grid split into row slabs, one
! per image.  Every sweep each image puts its edge rows into its neighbours'
! halo rows (co-indexed assignments: OpenCoarrays turns them into MPI
! one-sided puts over libcaf-mpich) and synchronises with them (SYNC IMAGES);
! every CHECK sweeps the images agree on the largest change (CO_MAX, a
! collective).  So it stresses what CAF programs do: one-sided puts and
! pairwise synchronisation instead of send/receive.
!
! Usage: heat_caf [N [SWEEPS [CHECK]]]   (defaults 1200 2000 50)
program heat_caf
  implicit none
  integer :: n, sweeps, check, me, np, rows, base, maxrows, it, i, j, argc
  real(8), allocatable :: u(:, :)[:], v(:, :)
  real(8) :: change
  character(len=32) :: arg
  integer(8) :: t0, t1, rate

  n = 1200
  sweeps = 2000
  check = 50
  argc = command_argument_count()
  if (argc >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (argc >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) sweeps
  end if
  if (argc >= 3) then
    call get_command_argument(3, arg)
    read (arg, *) check
  end if
  me = this_image()
  np = num_images()
  ! Slabs of base rows; the last image takes the rest.  Columns 1..n, rows
  ! 0..rows+1 (0 and rows+1 are halos); a coarray has one shape on every
  ! image, so each allocates the largest slab.
  base = n / np
  maxrows = n - (np - 1) * base
  rows = base
  if (me == np) rows = maxrows
  allocate (u(n, 0:maxrows + 1)[*])
  allocate (v(n, 0:rows + 1))
  u = 0
  if (me == 1) u(:, 0) = 100      ! a hot edge
  v = u(:, 0:rows + 1)
  sync all
  call system_clock(t0, rate)
  do it = 1, sweeps
    do j = 1, rows
      do i = 2, n - 1
        v(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
      end do
    end do
    change = 0
    if (mod(it, check) == 0) change = maxval(abs(v(:, 1:rows) - u(:, 1:rows)))
    u(:, 1:rows) = v(:, 1:rows)
    ! Edge rows into the neighbours' halos (the upper one is never the last
    ! image, so its slab has base rows), then wait for both neighbours.
    if (me > 1) u(:, base + 1)[me - 1] = u(:, 1)
    if (me < np) u(:, 0)[me + 1] = u(:, rows)
    if (np > 1) then
      if (me == 1) then
        sync images(me + 1)
      else if (me == np) then
        sync images(me - 1)
      else
        sync images([me - 1, me + 1])
      end if
    end if
    if (mod(it, check) == 0) call co_max(change)
  end do
  sync all
  call system_clock(t1)
  if (me == 1) write (*, '(a,i0,a,i0,a,i0,a,f8.3,a,es10.3)') 'heat_caf: n=', n, ' sweeps=', &
    sweeps, ' images=', np, ' time=', real(t1 - t0, 8) / real(rate, 8), ' s change=', change
end program heat_caf
