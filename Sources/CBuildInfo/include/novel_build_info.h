#ifndef NOVEL_BUILD_INFO_H
#define NOVEL_BUILD_INFO_H

/// The commit the binary was built from and the day it was built, as scripts/build-novel recorded them;
/// empty strings in a build that recorded neither (swift build, the test suite).
const char *novel_build_commit(void);
const char *novel_build_date(void);

#endif
