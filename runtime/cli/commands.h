/* commands.h - prototypes of the `skel` subcommands listed in commands.def. */
#ifndef SKEL_COMMANDS_H
#define SKEL_COMMANDS_H

#define SKEL_COMMAND(name, fn, summary) int fn(int argc, char **argv);
#include "commands.def"
#undef SKEL_COMMAND

#endif
