#ifndef NOVEL_LIBXML2_SHIM_H
#define NOVEL_LIBXML2_SHIM_H

// libxml2: its XML parser for an EPUB's container, package, NCX and navigation documents, and its HTML
// parser in recovery mode for content documents (it decodes entities and mends tag soup as a browser would).
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#endif
