! fstencil: 1-D Jacobi relaxation (the heat equation's steady state) on N
! points split over the ranks, written against the `use mpi` module.
!
! Every iteration each rank exchanges one halo value with each neighbour:
! two MPI_Irecv and two MPI_Isend (the end ranks talk to MPI_PROC_NULL, so
! every rank makes the same calls). Three of the requests are completed with
! MPI_Waitall before the update; the send to the left neighbour is completed
! with MPI_Wait only after the update, overlapping it. An MPI_Allreduce sums
! the squared change every iteration, and MPI_Barrier brackets the timed
! loop. So calls with buffer arguments (Isend, Irecv, Allreduce) and
! without (Wait, Waitall, Barrier) both appear.
!
! The point left of the grid is held at 1, the one right of it at 0.
! fstencil08.f90 is the same program written against `use mpi_f08`.
!
! Options: -n N (global points), -i ITERS, --expect [--nranks P], --help.
program fstencil
  use mpi
  implicit none

  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: default_n = 2000000, default_iters = 800
  integer, parameter :: tag_left = 1, tag_right = 2

  integer :: n, iters, nranks_opt
  logical :: expect

  integer :: ierr, rank, nranks, status

  call parse_options(n, iters, expect, nranks_opt, status)
  if (status >= 0) call finish(status)

  ! --expect --nranks P: no MPI at all, so it runs without mpiexec.
  if (expect .and. nranks_opt > 0) then
    if (.not. layout_ok(n, nranks_opt, 0)) call finish(2)
    call print_expect(iters, nranks_opt)
    call finish(0)
  end if

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
  status = 0
  if (.not. layout_ok(n, nranks, rank)) then
    status = 2
  else if (expect) then
    if (rank == 0) call print_expect(iters, nranks)
  else
    call run(n, iters, rank, nranks)
  end if
  call MPI_Finalize(ierr)
  call finish(status)

contains

  subroutine run(n, iters, rank, nranks)
    integer, intent(in) :: n, iters, rank, nranks
    real(dp), allocatable :: u(:), unew(:)
    ! Halo buffers live outside u so that no array element is in flight
    ! while u is read or written; ASYNCHRONOUS keeps the compiler from
    ! caching them across the nonblocking calls.
    real(dp), asynchronous :: recv_left, recv_right, send_left, send_right
    integer :: reqs(3), req_left, left, right, nlocal, it, i, ierr
    real(dp) :: change, total_change, t0, elapsed
    character(len=16) :: seconds

    nlocal = n / nranks
    if (rank < mod(n, nranks)) nlocal = nlocal + 1
    left = rank - 1
    if (rank == 0) left = MPI_PROC_NULL
    right = rank + 1
    if (rank == nranks - 1) right = MPI_PROC_NULL

    allocate (u(0:nlocal + 1), unew(0:nlocal + 1))
    ! The interior starts at 0.5: starting from 0, the values ahead of the
    ! front spreading from the left end would decay into subnormal numbers,
    ! whose arithmetic is many times slower.
    u = 0.5_dp
    u(0) = 0.0_dp
    u(nlocal + 1) = 0.0_dp
    if (rank == 0) u(0) = 1.0_dp
    unew = u
    total_change = 0.0_dp

    call MPI_Barrier(MPI_COMM_WORLD, ierr)
    t0 = MPI_Wtime()
    do it = 1, iters
      send_left = u(1)
      send_right = u(nlocal)
      call MPI_Irecv(recv_left, 1, MPI_DOUBLE_PRECISION, left, tag_right, MPI_COMM_WORLD, &
                     reqs(1), ierr)
      call MPI_Irecv(recv_right, 1, MPI_DOUBLE_PRECISION, right, tag_left, MPI_COMM_WORLD, &
                     reqs(2), ierr)
      call MPI_Isend(send_right, 1, MPI_DOUBLE_PRECISION, right, tag_right, MPI_COMM_WORLD, &
                     reqs(3), ierr)
      call MPI_Isend(send_left, 1, MPI_DOUBLE_PRECISION, left, tag_left, MPI_COMM_WORLD, &
                     req_left, ierr)
      call MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE, ierr)
      ! A receive from MPI_PROC_NULL leaves its buffer alone: keep the
      ! boundary value there.
      if (left /= MPI_PROC_NULL) u(0) = recv_left
      if (right /= MPI_PROC_NULL) u(nlocal + 1) = recv_right

      change = 0.0_dp
      do i = 1, nlocal
        unew(i) = 0.5_dp * (u(i - 1) + u(i + 1))
        change = change + (unew(i) - u(i))**2
      end do
      u(1:nlocal) = unew(1:nlocal)

      call MPI_Wait(req_left, MPI_STATUS_IGNORE, ierr)
      call MPI_Allreduce(change, total_change, 1, MPI_DOUBLE_PRECISION, MPI_SUM, &
                         MPI_COMM_WORLD, ierr)
    end do
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
    elapsed = MPI_Wtime() - t0

    if (rank == 0) then
      write (seconds, '(f16.3)') elapsed
      write (*, '(a,i0,a,i0,a,i0,a,es12.6,a,a,a)') 'fstencil: ', nranks, ' ranks, ', n, &
        ' points, ', iters, ' iterations: last change ', sqrt(total_change), ', ', &
        trim(adjustl(seconds)), ' s'
    end if
    deallocate (u, unew)
  end subroutine run

  ! Checks the options against the number of ranks; says why on rank 0.
  logical function layout_ok(n, nranks, rank)
    integer, intent(in) :: n, nranks, rank
    layout_ok = n >= nranks
    if (.not. layout_ok .and. rank == 0) then
      write (0, '(a,i0,a,i0,a)') 'fstencil: ', nranks, ' ranks need at least ', nranks, &
        ' points (-n)'
    end if
  end function layout_ok

  ! The same on every rank.
  subroutine print_expect(iters, nranks)
    integer, intent(in) :: iters, nranks
    integer :: r
    do r = 0, nranks - 1
      call expect_line(r, 'MPI_Init', 1)
      call expect_line(r, 'MPI_Barrier', 2)
      call expect_line(r, 'MPI_Irecv', 2 * iters)
      call expect_line(r, 'MPI_Isend', 2 * iters)
      call expect_line(r, 'MPI_Waitall', iters)
      call expect_line(r, 'MPI_Wait', iters)
      call expect_line(r, 'MPI_Allreduce', iters)
      call expect_line(r, 'MPI_Finalize', 1)
    end do
  end subroutine print_expect

  subroutine expect_line(rank, call_name, count)
    integer, intent(in) :: rank, count
    character(*), intent(in) :: call_name
    write (*, '(a,i0,a,a,a,i0)') 'expect ', rank, ' ', call_name, ' ', count
  end subroutine expect_line

  subroutine usage(unit)
    integer, intent(in) :: unit
    write (unit, '(a)') 'usage: fstencil [-n N] [-i ITERS] [--expect [--nranks P]]'
    write (unit, '(a,i0,a)') '  -n, --size N        global points, split over the ranks ' // &
      '(default ', default_n, ')'
    write (unit, '(a,i0,a)') '  -i, --iters ITERS   iterations (default ', default_iters, ')'
    write (unit, '(a)') '  --expect            print the MPI calls a run would make, one'
    write (unit, '(a)') "                      'expect RANK CALL COUNT' line each, and exit"
    write (unit, '(a)') '  --nranks P          with --expect: assume P ranks and do not ' // &
      'initialise MPI'
    write (unit, '(a)') '  -h, --help          show this help'
  end subroutine usage

  ! Sets status to -1 to go on, or to the exit status (0 after --help, 2 on
  ! a usage error).
  subroutine parse_options(n, iters, expect, nranks, status)
    integer, intent(out) :: n, iters, nranks, status
    logical, intent(out) :: expect
    character(len=256) :: opt, val
    integer :: i, nargs

    n = default_n
    iters = default_iters
    nranks = 0
    expect = .false.
    status = -1
    nargs = command_argument_count()
    i = 1
    do while (i <= nargs .and. status < 0)
      call get_command_argument(i, opt)
      select case (trim(opt))
      case ('-h', '--help')
        call usage(6)
        status = 0
      case ('--expect')
        expect = .true.
      case ('-n', '--size', '-i', '--iters', '--nranks')
        if (i == nargs) then
          write (0, '(a,a,a)') 'fstencil: ', trim(opt), ' needs a value'
          status = 2
        else
          i = i + 1
          call get_command_argument(i, val)
          select case (trim(opt))
          case ('-n', '--size')
            call parse_int('--size', val, 1, 1000000000, n, status)
          case ('-i', '--iters')
            call parse_int('--iters', val, 1, 1000000000, iters, status)
          case default
            call parse_int('--nranks', val, 1, 16777216, nranks, status)
          end select
        end if
      case default
        write (0, '(a,a,a)') "fstencil: unknown option '", trim(opt), "'"
        status = 2
      end select
      i = i + 1
    end do
    if (status < 0 .and. nranks > 0 .and. .not. expect) then
      write (0, '(a)') 'fstencil: --nranks is only meaningful with --expect'
      status = 2
    end if
    if (status == 2) write (0, '(a)') "Try 'fstencil --help'."
  end subroutine parse_options

  ! Parses a decimal integer in [lo, hi]; sets status to 2 and says which
  ! option was wrong otherwise.
  subroutine parse_int(opt, val, lo, hi, out, status)
    character(*), intent(in) :: opt, val
    integer, intent(in) :: lo, hi
    integer, intent(inout) :: out, status
    integer :: k, ios
    integer(kind=8) :: v
    logical :: ok

    ok = len_trim(val) > 0 .and. len_trim(val) <= 12
    do k = 1, len_trim(val)
      if (val(k:k) < '0' .or. val(k:k) > '9') ok = .false.
    end do
    if (ok) then
      read (val, *, iostat=ios) v
      ok = ios == 0 .and. v >= lo .and. v <= hi
    end if
    if (ok) then
      out = int(v)
    else
      write (0, '(a,a,a,i0,a,i0,a,a,a)') 'fstencil: ', opt, ' expects an integer in [', lo, &
        ', ', hi, "], got '", trim(val), "'"
      status = 2
    end if
  end subroutine parse_int

  ! Ends the program with an exit status. QUIET also keeps STOP from
  ! reporting raised IEEE flags (gfortran does so by default).
  subroutine finish(status)
    integer, intent(in) :: status
    stop status, quiet=.true.
  end subroutine finish

end program fstencil
