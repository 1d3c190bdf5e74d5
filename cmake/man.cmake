# man.cmake - the man pages of `skel`, made by help2man from the program's
# own --help: skel(1) from `skel --help`, skel-COMMAND(1) from `skel COMMAND
# --help` (help/COMMAND.txt), named after commands.def's summaries.
#   cmake -DHELP2MAN=<help2man> -DSKEL=<skel> -DCOMMANDS=<commands.def>
#         -DVERSION=<version> -DOUT=<dir> -P man.cmake
file(MAKE_DIRECTORY "${OUT}/bin")
file(STRINGS "${COMMANDS}" lines REGEX "^SKEL_COMMAND\\(\"")
set(see "skel(1)")
set(pages "")
foreach(l ${lines})
  string(REGEX MATCH "^SKEL_COMMAND\\(\"([a-z0-9-]+)\", *[a-z_]+, *\"(.*)\"\\)" m "${l}")
  list(APPEND pages "${CMAKE_MATCH_1}")
  set(summary_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
  string(APPEND see ", skel-${CMAKE_MATCH_1}(1)")
endforeach()

# The same closing sections everywhere: where the documents are, and the
# other pages.
file(WRITE "${OUT}/include.h2m"
"[ENVIRONMENT]
SKEL_TRACER_LIB, SKEL_TRACER_LIB_OPENMPI, SKEL_SHIM_DIR, SKEL_TEMPLATES and
SKEL_NETPROBE_PROG override where skel finds its tracer libraries, shims,
templates and ping-pong program (by default lib/skel and share/skel of the
installation).  TMPDIR is where OTF2 archives are imported.

[FILES]
The formats, models and commands are described in the docs/ directory of the
source tree, installed in share/doc/skel/docs (trace-format.md, otf2.md,
signature.md, codegen.md, harness.md, validation.md, predictions.md,
report.md, exit-codes.md).

[SEE ALSO]
${see}
")

# help2man reads the SYNOPSIS from "Usage:" and "or:" lines, one line per
# form: the help texts' usage lines, continued on indented lines, are
# joined for it, and an indented "skel ..." line is another form.
set(synopsis [=[awk 'NR == 1 && /^usage:/ { sub(/^usage:/, "Usage:"); u = $0; next }
u != "" && /^ +or: / { print u; u = $0; next }
u != "" && /^ +skel / { print u; sub(/^ +/, "   or: "); u = $0; next }
u != "" && /^ +[^ ]/ { sub(/^ +/, " "); u = u $0; next }
u != "" { print u; u = "" }
{ print }
END { if (u != "") print u }']=])

function(page name prog summary)
  execute_process(COMMAND "${HELP2MAN}" --no-info --no-discard-stderr
    --version-string=${VERSION} --section=1 --source=Skel --manual="Skel manual"
    --name=${summary} --include=${OUT}/include.h2m --output=${OUT}/${name}.1 ${prog}
    RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "help2man failed on ${name}: ${err}")
  endif()
endfunction()

file(WRITE "${OUT}/bin/skel" "#!/bin/sh\n\"${SKEL}\" \"$@\" | ${synopsis}\n")
file(CHMOD "${OUT}/bin/skel" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
     GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
page(skel "${OUT}/bin/skel" "turn a run of an MPI application into a performance skeleton")
foreach(c ${pages})
  # help2man runs PROGRAM --help: a small script that is `skel COMMAND`.
  set(wrapper "${OUT}/bin/skel-${c}")
  file(WRITE "${wrapper}" "#!/bin/sh\n\"${SKEL}\" ${c} \"$@\" | ${synopsis}\n")
  file(CHMOD "${wrapper}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
       GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  page(skel-${c} "${wrapper}" "${summary_${c}}")
endforeach()
