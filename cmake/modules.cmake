# modules.cmake - how a folder of Skel becomes a library, and the check that
# keeps the libraries' dependencies flowing one way.
#
# skel_module(<target> [LINKS <skel libraries>...] [EXTERNAL <other libraries>...])
#   Every *.c of the calling folder becomes the static library <target>
#   (except preload shims shim_*.c, which callers build themselves); every
#   *.rng schema of the folder is embedded as skel_schema_<name>; the folder
#   is a public include directory.  LINKS names the Skel libraries it may
#   use: each must be allowed by the graph in docs/architecture.md.
#
# The graph is read from the fenced block of docs/architecture.md that starts
# with the line "layers:" - one "library: what it may link" line each, lowest
# first.  Configuring fails when a library links one the graph does not give
# it, or is missing from the graph: the picture in the docs and the build
# cannot drift apart.

file(READ "${PROJECT_SOURCE_DIR}/docs/architecture.md" _skel_arch)
string(REGEX MATCH "```\nlayers:\n([^`]*)```" _skel_block "${_skel_arch}")
if(NOT _skel_block)
  message(FATAL_ERROR "docs/architecture.md: no ``` block starting with 'layers:'")
endif()
string(REGEX REPLACE "```\nlayers:\n" "" _skel_block "${_skel_block}")
string(REPLACE "```" "" _skel_block "${_skel_block}")
string(REPLACE "\n" ";" _skel_lines "${_skel_block}")
set(SKEL_LAYER_LIBS "")
foreach(line ${_skel_lines})
  string(STRIP "${line}" line)
  if(line STREQUAL "")
    continue()
  endif()
  if(NOT line MATCHES "^([a-z0-9_-]+):(.*)$")
    message(FATAL_ERROR "docs/architecture.md: layers: cannot read '${line}' (expected 'lib: deps')")
  endif()
  set(lib "${CMAKE_MATCH_1}")
  string(STRIP "${CMAKE_MATCH_2}" deps)
  string(REGEX REPLACE "[ \t]+" ";" deps "${deps}")
  # A library may link what it names and, transitively, what those may link.
  set(closure "")
  foreach(d ${deps})
    if(NOT d IN_LIST SKEL_LAYER_LIBS)
      message(FATAL_ERROR "docs/architecture.md: layers: ${lib} names ${d}, which is not listed above it")
    endif()
    list(APPEND closure ${d} ${SKEL_LAYER_ALLOWED_${d}})
  endforeach()
  list(REMOVE_DUPLICATES closure)
  set(SKEL_LAYER_ALLOWED_${lib} "${closure}")
  list(APPEND SKEL_LAYER_LIBS ${lib})
endforeach()

# Check that <target> may link each of <deps> (Skel libraries only).
function(skel_check_links target)
  if(NOT target IN_LIST SKEL_LAYER_LIBS)
    message(FATAL_ERROR "${target} is not in the layers of docs/architecture.md")
  endif()
  foreach(d ${ARGN})
    if(NOT d IN_LIST SKEL_LAYER_ALLOWED_${target})
      message(FATAL_ERROR "${target} links ${d}, which docs/architecture.md does not place below it "
                          "(${target} may link: ${SKEL_LAYER_ALLOWED_${target}})")
    endif()
  endforeach()
endfunction()

function(skel_module target)
  cmake_parse_arguments(M "" "" "LINKS;EXTERNAL" ${ARGN})
  file(GLOB srcs CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.c)
  list(FILTER srcs EXCLUDE REGEX "/shim_[^/]*\\.c$")
  file(GLOB schemas CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.rng)
  set(embedded "")
  foreach(rng ${schemas})
    get_filename_component(base "${rng}" NAME_WE)
    skel_embed(embedded "${rng}" "skel_schema_${base}")
  endforeach()
  skel_check_links(${target} ${M_LINKS})
  add_library(${target} STATIC ${srcs} ${embedded})
  target_include_directories(${target} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_libraries(${target} PUBLIC ${M_LINKS} ${M_EXTERNAL})
endfunction()

# After every library is defined: each one in the graph exists, and what it
# really links (however it was added) is allowed.  Called at the end of the
# top-level CMakeLists.txt.
function(skel_check_graph)
  foreach(lib ${SKEL_LAYER_LIBS})
    if(NOT TARGET ${lib})
      message(FATAL_ERROR "docs/architecture.md lists ${lib}, which the build does not define")
    endif()
    get_target_property(links ${lib} LINK_LIBRARIES)
    get_target_property(ilinks ${lib} INTERFACE_LINK_LIBRARIES)
    set(skel_links "")
    foreach(l ${links} ${ilinks})
      if(l IN_LIST SKEL_LAYER_LIBS)
        list(APPEND skel_links ${l})
      elseif(l MATCHES "^skel" AND TARGET ${l})
        message(FATAL_ERROR "${lib} links ${l}, a Skel library missing from docs/architecture.md")
      endif()
    endforeach()
    skel_check_links(${lib} ${skel_links})
  endforeach()
endfunction()
