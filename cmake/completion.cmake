# completion.cmake - the bash completion of `skel`, generated from the
# commands (runtime/cli/commands.def) and their help texts (help/NAME.txt):
# every option a help text lists is offered after its command.
#   cmake -DHELP_DIR=<help dir> -DCOMMANDS=<commands.def> -DOUT=<file> -P completion.cmake
file(STRINGS "${COMMANDS}" lines REGEX "^SKEL_COMMAND\\(\"")
set(commands "")
foreach(l ${lines})
  string(REGEX MATCH "^SKEL_COMMAND\\(\"([a-z0-9-]+)\"" m "${l}")
  list(APPEND commands "${CMAKE_MATCH_1}")
endforeach()
string(REPLACE ";" " " command_words "${commands}")

set(cases "")
foreach(c ${commands})
  file(READ "${HELP_DIR}/${c}.txt" text)
  # Options: those of the usage lines (the first paragraph) and those that
  # begin an indented line of the option list ("  -k, -K, --scale K").  (No
  # brackets in the matches: they would keep CMake from splitting the list.)
  string(FIND "${text}" "\n\n" end)
  string(SUBSTRING "${text}" 0 ${end} usage)
  string(REGEX MATCHALL "--[a-z][a-z0-9-]*" longs "${usage}")
  string(REGEX MATCHALL "\n +(-[a-zA-Z], )*--[a-z][a-z0-9-]*" listed "${text}")
  foreach(o ${listed})
    string(REGEX MATCH "--[a-z][a-z0-9-]*" o "${o}")
    list(APPEND longs "${o}")
  endforeach()
  string(REGEX MATCHALL "\n  +-[a-zA-Z](,| )" shorts "${text}")
  set(opts "")
  foreach(o ${longs} ${shorts})
    string(REGEX REPLACE "[^-a-zA-Z0-9]" "" o "${o}")
    string(REGEX MATCH "^-+[a-zA-Z][a-z0-9-]*" o "${o}")
    if(o)
      list(APPEND opts "${o}")
    endif()
  endforeach()
  list(APPEND opts "--help")
  list(REMOVE_DUPLICATES opts)
  list(SORT opts)
  string(REPLACE ";" " " opts "${opts}")
  string(APPEND cases "        ${c}) opts=\"${opts}\" ;;\n")
endforeach()

set(script "# bash completion for skel                                    -*- shell-script -*-
# DO NOT EDIT: generated from runtime/cli/commands.def and runtime/cli/help/*.txt
# by cmake/completion.cmake.

_skel()
{
    local cur=\${COMP_WORDS[COMP_CWORD]} cmd=\${COMP_WORDS[1]} opts i
    if [[ \$COMP_CWORD -eq 1 ]]; then
        COMPREPLY=(\$(compgen -W \"${command_words} --help --version\" -- \"\$cur\"))
        return
    fi
    # After \"--\" comes a program and its own arguments.
    for ((i = 2; i < COMP_CWORD; i++)); do
        if [[ \${COMP_WORDS[i]} == -- ]]; then
            if [[ \$i -eq \$((COMP_CWORD - 1)) ]]; then
                COMPREPLY=(\$(compgen -c -- \"\$cur\"))
            else
                COMPREPLY=(\$(compgen -f -- \"\$cur\"))
            fi
            return
        fi
    done
    case \$cmd in
${cases}        *) return ;;
    esac
    if [[ \$cmd == testbed && \$COMP_CWORD -eq 2 ]]; then
        COMPREPLY=(\$(compgen -W \"up down status share --help\" -- \"\$cur\"))
        return
    fi
    if [[ \$cur == -* ]]; then
        COMPREPLY=(\$(compgen -W \"\$opts\" -- \"\$cur\"))
        return
    fi
    COMPREPLY=(\$(compgen -f -- \"\$cur\"))
}
complete -o filenames -o bashdefault -F _skel skel
")
get_filename_component(dir "${OUT}" DIRECTORY)
file(MAKE_DIRECTORY "${dir}")
file(WRITE "${OUT}.new" "${script}")
configure_file("${OUT}.new" "${OUT}" COPYONLY)
file(REMOVE "${OUT}.new")
