#include "novel_build_info.h"

// Set by Package.swift from NOVEL_BUILD_COMMIT and NOVEL_BUILD_DATE, for this file only: a new commit
// recompiles this file and relinks, nothing else.
#ifndef NOVEL_BUILD_COMMIT
#define NOVEL_BUILD_COMMIT ""
#endif
#ifndef NOVEL_BUILD_DATE
#define NOVEL_BUILD_DATE ""
#endif

const char *novel_build_commit(void) { return NOVEL_BUILD_COMMIT; }

const char *novel_build_date(void) { return NOVEL_BUILD_DATE; }
