; mpb_rods.ctl - MIT Photonic Bands input for bench/accuracy.sh: the band
; structure of a 2-D square lattice of dielectric rods (MPB's tutorial
; crystal, eps = 8.9, radius 0.2 a), TM and TE bands along Gamma-X-M-Gamma.
; mpb-mpi distributes the grid over the ranks and transforms it with FFTW's
; MPI plans: every eigensolver iteration is a few parallel 2-D FFTs (all-to-all
; transposes) and small reductions.  Size it with
;   mpb-mpi res=64 bands=12 interp=8 mpb_rods.ctl
(define-param res 64)
(define-param bands 12)
(define-param interp 8)
(set! num-bands bands)
(set! geometry-lattice (make lattice (size 1 1 no-size)))
(set! geometry (list (make cylinder (center 0 0 0) (radius 0.2) (height infinity)
                           (material (make dielectric (epsilon 8.9))))))
(set! k-points (interpolate interp (list (vector3 0 0 0) (vector3 0.5 0 0)
                                          (vector3 0.5 0.5 0) (vector3 0 0 0))))
(set! resolution res)
(set! output-epsilon (lambda () #t)) ; no files: only the computation
(run-tm)
(run-te)
