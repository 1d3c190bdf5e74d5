! fcalls.F90 - calls, with 2 ranks, the Fortran MPI routines whose tracer
! wrappers convert arguments in ways the samples do not reach: arrays of
! requests and statuses (Waitany/Waitsome/Testsome/Testall/Startall, with
! Fortran's indices), statuses read back (Probe, Iprobe, Recv, Sendrecv,
! MPI-IO), MPI_IN_PLACE, per-peer datatypes (Alltoallw), MPI_UNWEIGHTED,
! CHARACTER arguments (File_open, File_set_view), LOGICAL arguments
! (Cart_create, Cart_sub), groups, communicators, windows and Init_thread;
! with -DMPI4, MPI 4.0's MPI_Comm_idup_with_info.
!
! Compiled twice by tests/e2e/test_tracer_fortran.sh: with -DUSE_F08 against
! `use mpi_f08`, without against `use mpi`.  Each rank writes
!   fcalls.out.RANK     what it observed (results, indices, statuses): the
!                       same traced and untraced, or the tracer changed
!                       what the program sees;
!   fcalls.expect.RANK  `expect RANK CALL COUNT` lines: the traced calls it
!                       made (COUNT -1 for polling loops).
! It exits with status 1 after printing "fcalls: FAIL ..." when a result is
! wrong.
#ifdef USE_F08
#define MPIMOD mpi_f08
#define T_COMM type(MPI_Comm)
#define T_REQ type(MPI_Request)
#define T_GROUP type(MPI_Group)
#define T_FILE type(MPI_File)
#define T_WIN type(MPI_Win)
#define T_DT type(MPI_Datatype)
#define T_STATUS type(MPI_Status)
#define T_STATUSES(n) type(MPI_Status) :: n
#define SRC(s) s%MPI_SOURCE
#define TAG(s) s%MPI_TAG
#define SRCI(s, i) s(i)%MPI_SOURCE
#define TAGI(s, i) s(i)%MPI_TAG
#define IGNORED_TAGS MPI_STATUS_IGNORE%MPI_TAG, MPI_STATUSES_IGNORE(1)%MPI_TAG
#else
#define MPIMOD mpi
#define T_COMM integer
#define T_REQ integer
#define T_GROUP integer
#define T_FILE integer
#define T_WIN integer
#define T_DT integer
#define T_STATUS integer, dimension(MPI_STATUS_SIZE)
#define SRC(s) s(MPI_SOURCE)
#define TAG(s) s(MPI_TAG)
#define SRCI(s, i) s(MPI_SOURCE, i)
#define TAGI(s, i) s(MPI_TAG, i)
#define IGNORED_TAGS MPI_STATUS_IGNORE(MPI_TAG), MPI_STATUSES_IGNORE(MPI_TAG, 1)
#endif

module fcalls_notes
  implicit none
  integer, parameter :: maxcalls = 64
  character(len=32) :: names(maxcalls)
  integer :: counts(maxcalls) = 0
  integer :: ncalls = 0
contains
  ! One more call of name; any = .true.: polled, the count is not fixed.
  subroutine note(name, any)
    character(*), intent(in) :: name
    logical, intent(in), optional :: any
    integer :: i
    do i = 1, ncalls
      if (names(i) == name) exit
    end do
    if (i > ncalls) then
      ncalls = i
      names(i) = name
      counts(i) = 0
    end if
    if (present(any)) then
      if (any) counts(i) = -huge(0)
    end if
    counts(i) = counts(i) + 1
  end subroutine note
end module fcalls_notes

program fcalls
  use MPIMOD
  use fcalls_notes
  implicit none

  integer :: ierr, provided, rank, nranks, peer, i, k, n, outcount, ndone, sum_idx
  integer :: split_rank, rev_rank, cart_rank, sub_size, value, expected
  integer :: sbuf(3), rbuf(3), ibuf(2), obuf(2), indices(2), scounts(2), sdispls(2)
  integer :: rcounts(2), rdispls(2), dims(1), nbr(1), x
  integer, asynchronous :: pbuf(2), abuf
  integer, volatile :: winbuf(1)
  integer(kind=MPI_ADDRESS_KIND) :: winsize, tdisp
  integer(kind=MPI_OFFSET_KIND) :: zero_off, off
  logical :: flag, periods(1), remain(1)
  character(len=64) :: fname
  T_COMM :: dup, split, rev, cart, sub, dgraph
#ifdef MPI4
  T_COMM :: idup
#endif
  T_REQ :: reqs(6), r2(2), preq(2), req
  T_GROUP :: wgroup, g2
  T_FILE :: fh
  T_WIN :: win
  T_DT :: stypes(2), rtypes(2)
  T_STATUS :: st
#ifdef USE_F08
  T_STATUSES(sts(3))
#else
  integer :: sts(MPI_STATUS_SIZE, 3)
#endif
  character(len=16) :: suffix

  call MPI_Init_thread(MPI_THREAD_FUNNELED, provided, ierr); call note('MPI_Init_thread')
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
  if (nranks /= 2) call fail('needs 2 ranks')
  peer = 1 - rank
  write (suffix, '(i0)') rank
  open (10, file='fcalls.out.'//trim(suffix), status='replace', action='write')
  write (10, '(a,l1)') 'funneled or better: ', provided >= MPI_THREAD_FUNNELED

  ! Communicators and groups.
  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr); call note('MPI_Comm_dup')
  call MPI_Comm_split(MPI_COMM_WORLD, 0, rank, split, ierr); call note('MPI_Comm_split')
  call MPI_Comm_rank(split, split_rank, ierr)
  call MPI_Comm_group(MPI_COMM_WORLD, wgroup, ierr); call note('MPI_Comm_group')
  call MPI_Group_incl(wgroup, 2, [1, 0], g2, ierr); call note('MPI_Group_incl')
  call MPI_Comm_create(MPI_COMM_WORLD, g2, rev, ierr); call note('MPI_Comm_create')
  call MPI_Comm_rank(rev, rev_rank, ierr)
  call MPI_Group_free(g2, ierr); call note('MPI_Group_free')
  call MPI_Group_free(wgroup, ierr); call note('MPI_Group_free')
  write (10, '(a,i0,a,i0)') 'split rank ', split_rank, ', reversed rank ', rev_rank

  ! Waitany: three messages with tags 1..3, received with MPI_ANY_TAG.
  do i = 1, 3
    call MPI_Irecv(rbuf(i), 1, MPI_INTEGER, peer, MPI_ANY_TAG, dup, reqs(i), ierr)
    call note('MPI_Irecv')
  end do
  do i = 1, 3
    sbuf(i) = 100 * rank + i
    call MPI_Isend(sbuf(i), 1, MPI_INTEGER, peer, i, dup, reqs(3 + i), ierr)
    call note('MPI_Isend')
  end do
  call MPI_Waitall(3, reqs(4:6), MPI_STATUSES_IGNORE, ierr); call note('MPI_Waitall')
  sum_idx = 0
  do k = 1, 3
    call MPI_Waitany(3, reqs, i, st, ierr); call note('MPI_Waitany')
    sum_idx = sum_idx + i
    call MPI_Get_count(st, MPI_INTEGER, n, ierr)
    if (SRC(st) /= peer .or. n /= 1) call fail('Waitany status')
  end do
  ! MPICH 4.0's mpi_f08 returns 0-based indices (pmodels/mpich#6270): the
  ! sum says which; either way every request must be null and every buffer
  ! hold the message its tag says.
  write (10, '(a,i0)') 'waitany index sum ', sum_idx
  do i = 1, 3
    if (reqs(i) /= MPI_REQUEST_NULL) call fail('Waitany left a request')
    if (rbuf(i) /= 100 * peer + i) call fail('Waitany message order')
  end do

  ! Waitsome and Testsome.
  do i = 1, 2
    call MPI_Irecv(ibuf(i), 1, MPI_INTEGER, peer, 4 + i, dup, r2(i), ierr); call note('MPI_Irecv')
  end do
  do i = 1, 2
    obuf(i) = 10 * rank + i
    call MPI_Send(obuf(i), 1, MPI_INTEGER, peer, 4 + i, dup, ierr); call note('MPI_Send')
  end do
  ndone = 0
  sum_idx = 0
  do while (ndone < 2)
    call MPI_Waitsome(2, r2, outcount, indices, sts, ierr); call note('MPI_Waitsome', .true.)
    do k = 1, outcount
      sum_idx = sum_idx + indices(k)
      if (SRCI(sts, k) /= peer .or. TAGI(sts, k) < 5) call fail('Waitsome status')
    end do
    ndone = ndone + outcount
  end do
  write (10, '(a,i0,a,2i4)') 'waitsome index sum ', sum_idx, ', received', ibuf
  call MPI_Irecv(ibuf(1), 1, MPI_INTEGER, peer, 7, dup, r2(1), ierr); call note('MPI_Irecv')
  call MPI_Isend(obuf(1), 1, MPI_INTEGER, peer, 7, dup, r2(2), ierr); call note('MPI_Isend')
  ndone = 0
  sum_idx = 0
  do while (ndone < 2)
    call MPI_Testsome(2, r2, outcount, indices, sts, ierr); call note('MPI_Testsome', .true.)
    do k = 1, outcount
      sum_idx = sum_idx + indices(k)
    end do
    ndone = ndone + outcount
  end do
  write (10, '(a,i0)') 'testsome index sum ', sum_idx

  ! Persistent requests: Startall, Testall, Waitall, Request_free.
  call MPI_Recv_init(pbuf(1), 1, MPI_INTEGER, peer, 8, dup, preq(1), ierr); call note('MPI_Recv_init')
  call MPI_Send_init(pbuf(2), 1, MPI_INTEGER, peer, 8, dup, preq(2), ierr); call note('MPI_Send_init')
  do k = 1, 2
    pbuf(2) = 1000 * rank + k
    call MPI_Startall(2, preq, ierr); call note('MPI_Startall')
    call MPI_Testall(2, preq, flag, sts, ierr); call note('MPI_Testall')
    call MPI_Waitall(2, preq, sts, ierr); call note('MPI_Waitall')
    if (pbuf(1) /= 1000 * peer + k) call fail('persistent message')
  end do
  call MPI_Request_free(preq(1), ierr); call note('MPI_Request_free')
  call MPI_Request_free(preq(2), ierr); call note('MPI_Request_free')
  write (10, '(a,l1)') 'persistent requests freed: ', &
    preq(1) == MPI_REQUEST_NULL .and. preq(2) == MPI_REQUEST_NULL

  ! Probe, Iprobe, Recv, Sendrecv.
  if (rank == 0) then
    sbuf = [7, 8, 9]
    call MPI_Send(sbuf, 3, MPI_INTEGER, 1, 20, dup, ierr); call note('MPI_Send')
    call MPI_Send(sbuf, 2, MPI_INTEGER, 1, 21, dup, ierr); call note('MPI_Send')
  else
    call MPI_Probe(0, 20, dup, st, ierr); call note('MPI_Probe')
    call MPI_Get_count(st, MPI_INTEGER, n, ierr)
    write (10, '(a,3i4)') 'probe: source, tag, count', SRC(st), TAG(st), n
    call MPI_Recv(rbuf, 3, MPI_INTEGER, 0, 20, dup, st, ierr); call note('MPI_Recv')
    flag = .false.
    do while (.not. flag)
      call MPI_Iprobe(MPI_ANY_SOURCE, 21, dup, flag, st, ierr); call note('MPI_Iprobe', .true.)
    end do
    call MPI_Get_count(st, MPI_INTEGER, n, ierr)
    write (10, '(a,3i4)') 'iprobe: source, tag, count', SRC(st), TAG(st), n
    call MPI_Recv(rbuf, 3, MPI_INTEGER, MPI_ANY_SOURCE, MPI_ANY_TAG, dup, st, ierr)
    call note('MPI_Recv')
    call MPI_Get_count(st, MPI_INTEGER, n, ierr)
    write (10, '(a,3i4)') 'recv: source, tag, count', SRC(st), TAG(st), n
  end if
  call MPI_Sendrecv(rank, 1, MPI_INTEGER, peer, 22, x, 1, MPI_INTEGER, MPI_ANY_SOURCE, 22, &
                    dup, st, ierr)
  call note('MPI_Sendrecv')
  write (10, '(a,2i4)') 'sendrecv: got, from', x, SRC(st)

  ! Collectives: MPI_IN_PLACE, per-peer datatypes, nonblocking.
  x = rank + 1
  call MPI_Allreduce(MPI_IN_PLACE, x, 1, MPI_INTEGER, MPI_SUM, split, ierr)
  call note('MPI_Allreduce')
  write (10, '(a,i0)') 'allreduce in place ', x
  ibuf = [10 * rank, 10 * rank + 1]
  scounts = 1
  rcounts = 1
  sdispls = [0, 4]
  rdispls = [0, 4]
  stypes = MPI_INTEGER
  rtypes = MPI_INTEGER
  call MPI_Alltoallw(ibuf, scounts, sdispls, stypes, obuf, rcounts, rdispls, rtypes, dup, ierr)
  call note('MPI_Alltoallw')
  write (10, '(a,2i4)') 'alltoallw ', obuf
  abuf = rank
  call MPI_Iallreduce(MPI_IN_PLACE, abuf, 1, MPI_INTEGER, MPI_MAX, dup, req, ierr)
  call note('MPI_Iallreduce')
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr); call note('MPI_Wait')
#ifdef MPI4
  ! MPI_Comm_idup_with_info (MPI 4.0, so not in every MPI's bindings):
  ! recorded as the MPI_Comm_idup it is with hints.
  call MPI_Comm_idup_with_info(dup, MPI_INFO_NULL, idup, req, ierr)
  call note('MPI_Comm_idup')
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr); call note('MPI_Wait')
  x = rank
  call MPI_Allreduce(MPI_IN_PLACE, x, 1, MPI_INTEGER, MPI_SUM, idup, ierr)
  call note('MPI_Allreduce')
  write (10, '(a,i0)') 'allreduce on idup with info ', x
#endif
  call MPI_Ibarrier(split, req, ierr); call note('MPI_Ibarrier')
  flag = .false.
  do while (.not. flag)
    call MPI_Test(req, flag, st, ierr); call note('MPI_Test', .true.)
  end do
  write (10, '(a,i0,a,l1)') 'iallreduce ', abuf, ', ibarrier request null: ', req == MPI_REQUEST_NULL

  ! Topologies: LOGICAL arguments, MPI_UNWEIGHTED.
  dims(1) = 2
  periods(1) = .true.
  call MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, .false., cart, ierr)
  call note('MPI_Cart_create')
  call MPI_Comm_rank(cart, cart_rank, ierr)
  remain(1) = .true.
  call MPI_Cart_sub(cart, remain, sub, ierr); call note('MPI_Cart_sub')
  call MPI_Comm_size(sub, sub_size, ierr)
  write (10, '(a,i0,a,i0)') 'cart rank ', cart_rank, ', sub size ', sub_size
  nbr(1) = peer
  call MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, nbr, MPI_UNWEIGHTED, 1, nbr, &
                                      MPI_UNWEIGHTED, MPI_INFO_NULL, .false., dgraph, ierr)
  call note('MPI_Dist_graph_create_adjacent')
  call MPI_Neighbor_allgather(rank, 1, MPI_INTEGER, x, 1, MPI_INTEGER, dgraph, ierr)
  call note('MPI_Neighbor_allgather')
  write (10, '(a,i0)') 'neighbour ', x

  ! MPI-IO: CHARACTER arguments, MPI_Offset, statuses.
  fname = 'fcalls.dat'
  call MPI_File_open(MPI_COMM_WORLD, fname, MPI_MODE_CREATE + MPI_MODE_RDWR, MPI_INFO_NULL, &
                     fh, ierr)
  call note('MPI_File_open')
  if (ierr /= MPI_SUCCESS) call fail('File_open')
  zero_off = 0
  call MPI_File_set_view(fh, zero_off, MPI_INTEGER, MPI_INTEGER, 'native   ', MPI_INFO_NULL, ierr)
  call note('MPI_File_set_view')
  off = rank
  value = 500 + rank
  call MPI_File_write_at(fh, off, value, 1, MPI_INTEGER, st, ierr); call note('MPI_File_write_at')
  call MPI_File_sync(fh, ierr); call note('MPI_File_sync')
  call MPI_Barrier(MPI_COMM_WORLD, ierr); call note('MPI_Barrier')
  call MPI_File_sync(fh, ierr); call note('MPI_File_sync')
  off = peer
  call MPI_File_read_at(fh, off, value, 1, MPI_INTEGER, st, ierr); call note('MPI_File_read_at')
  call MPI_Get_count(st, MPI_INTEGER, n, ierr)
  write (10, '(a,i0,a,i0)') 'file: read ', value, ', count ', n
  call MPI_File_close(fh, ierr); call note('MPI_File_close')
  write (10, '(a,l1)') 'file closed: ', fh == MPI_FILE_NULL

  ! One-sided: MPI_Aint arguments.
  winbuf(1) = -1
  winsize = 4
  call MPI_Win_create(winbuf, winsize, 4, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  call note('MPI_Win_create')
  call MPI_Win_fence(0, win, ierr); call note('MPI_Win_fence')
  tdisp = 0
  value = 700 + rank
  call MPI_Put(value, 1, MPI_INTEGER, peer, tdisp, 1, MPI_INTEGER, win, ierr); call note('MPI_Put')
  call MPI_Win_fence(0, win, ierr); call note('MPI_Win_fence')
  expected = 700 + peer
  write (10, '(a,l1)') 'put arrived: ', winbuf(1) == expected
  call MPI_Win_free(win, ierr); call note('MPI_Win_free')

  do i = 1, 6
    select case (i)
    case (1)
      call MPI_Comm_free(dup, ierr)
    case (2)
      call MPI_Comm_free(split, ierr)
    case (3)
      call MPI_Comm_free(rev, ierr)
    case (4)
      call MPI_Comm_free(cart, ierr)
    case (5)
      call MPI_Comm_free(sub, ierr)
    case (6)
      call MPI_Comm_free(dgraph, ierr)
    end select
    call note('MPI_Comm_free')
  end do
  write (10, '(a,l1)') 'communicators freed: ', dup == MPI_COMM_NULL .and. dgraph == MPI_COMM_NULL
  ! A status written into MPI_STATUS_IGNORE would show here.
  write (10, '(a,2i6)') 'tags in MPI_STATUS(ES)_IGNORE: ', IGNORED_TAGS
  close (10)

  call note('MPI_Finalize')
  open (11, file='fcalls.expect.'//trim(suffix), status='replace', action='write')
  do i = 1, ncalls
    write (11, '(a,i0,a,a,a,i0)') 'expect ', rank, ' ', trim(names(i)), ' ', max(counts(i), -1)
  end do
  close (11)
  call MPI_Finalize(ierr)

contains

  subroutine fail(what)
    character(*), intent(in) :: what
    write (0, '(a,a)') 'fcalls: FAIL ', what
    call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
    stop 1
  end subroutine fail

end program fcalls
