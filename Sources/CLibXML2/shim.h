#ifndef NOVEL_LIBXML2_SHIM_H
#define NOVEL_LIBXML2_SHIM_H

// libxml2: its XML parser for an EPUB's container, package, NCX and navigation documents, and its HTML
// parser in recovery mode for content documents (it decodes entities and mends tag soup as a browser would).
//
// Debian's libxml2 is built with ICU, so its encoding.h would include the system ICU's headers, whose types
// clash with the copy of ICU inside Foundation in every Swift module that sees both ("'UErrorCode' has
// different definitions in different modules"). Nothing here uses libxml2's ICU converters, and the only
// structure they change (xmlCharEncodingHandler, whose trailing ICU fields the switch removes) is only read
// through a pointer to its first field, its name: so the switch is turned off before the headers read it.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#endif
