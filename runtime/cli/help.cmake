# help.cmake - the help texts of `skel` (help/<command>.txt, printed by
# `skel <command> --help` exactly as written) embedded as C strings.
#   cmake -DHELP_DIR=<dir of *.txt> -DOUT=<help.c> -P help.cmake
# Every byte is escaped (backslash, quote, '?' against trigraphs, line
# breaks), so a text cannot end its string early.
file(GLOB texts "${HELP_DIR}/*.txt")
list(SORT texts)
set(c "/* DO NOT EDIT: generated from the files runtime/cli/help/NAME.txt by runtime/cli/help.cmake. */\n")
string(APPEND c "#include \"cli.h\"\n\n#include <stdio.h>\n#include <string.h>\n\n")
string(APPEND c "static const struct {\n    const char *name, *text;\n} texts[] = {\n")
foreach(t ${texts})
  get_filename_component(name "${t}" NAME_WE)
  if(NOT name MATCHES "^[a-z][a-z0-9_-]*$")
    message(FATAL_ERROR "${t}: help files are named after a command")
  endif()
  file(READ "${t}" text)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  string(REPLACE "?" "\\?" text "${text}")
  string(REPLACE "\n" "\\n\"\n     \"" text "${text}")
  string(APPEND c "    {\"${name}\",\n     \"${text}\"},\n")
endforeach()
string(APPEND c "};\n\n"
  "void skel_cli_help(FILE *out, const char *name)\n{\n"
  "    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)\n"
  "        if (strcmp(texts[i].name, name) == 0) {\n"
  "            fputs(texts[i].text, out);\n"
  "            return;\n"
  "        }\n"
  "    fprintf(out, \"skel %s: no help text (runtime/cli/help/%s.txt)\\n\", name, name);\n"
  "}\n")
file(WRITE "${OUT}.new" "${c}")
configure_file("${OUT}.new" "${OUT}" COPYONLY) # rewritten only when it changed
file(REMOVE "${OUT}.new")
