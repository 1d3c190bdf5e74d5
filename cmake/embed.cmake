# embed.cmake - turn a data file (schema, template) into a C array, so the
# installed binaries never depend on finding the file at run time.
#   cmake -DIN=file -DOUT=file.c -DSYM=name -P embed.cmake
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" len)
math(EXPR nbytes "${len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" body "${body}")
get_filename_component(name "${IN}" NAME)
file(WRITE "${OUT}" "/* DO NOT EDIT: generated from ${name} by cmake/embed.cmake. */\n#include <stddef.h>\nconst unsigned char ${SYM}[] = {\n${body}0x00};\nconst size_t ${SYM}_len = ${nbytes};\n")
