#ifndef PODLINE_CXML2_SHIM_H
#define PODLINE_CXML2_SHIM_H
/* libxml2's lenient HTML parser, for show notes. */
#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, whose headers clash with the ICU that Foundation carries; nothing here
   needs ICU's types, so libxml2's headers are read without them. */
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

/* An attribute's value (to be freed with podline_xml_free), or NULL. */
static inline xmlChar *podline_xml_get_prop(xmlNodePtr node, const char *name) {
    return xmlGetProp(node, (const xmlChar *)name);
}

/* xmlFree is a global function pointer, which Swift cannot call safely in strict concurrency mode. */
static inline void podline_xml_free(void *pointer) { xmlFree(pointer); }
#endif
