/* libxml2's HTML parser (with ICU behind it), loaded when show notes are rendered. */
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include "lazy.h"

/* The libxml2 functions the HTML reader calls (see lazy.h). */
#define PODLINE_XML2_FUNCTIONS(F, V, R) \
    R(htmlReadMemory)                   \
    R(xmlFreeDoc)                       \
    R(xmlDocGetRootElement)             \
    R(xmlGetProp)                       \
    R(xmlFree)
PODLINE_TABLE(xml2, PODLINE_XML2_FUNCTIONS)


void *podline_html_parse(const char *bytes, int length) {
    int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET |
                  HTML_PARSE_NOBLANKS;
    return table.htmlReadMemory(bytes, length, NULL, "UTF-8", options);
}

void podline_html_free(void *document) {
    table.xmlFreeDoc(document);
}

void *podline_html_root(void *document) {
    return table.xmlDocGetRootElement(document);
}

podline_html_kind podline_html_kind_of(const void *node) {
    switch (((const xmlNode *)node)->type) {
    case XML_ELEMENT_NODE: return PODLINE_HTML_ELEMENT;
    case XML_TEXT_NODE:
    case XML_CDATA_SECTION_NODE: return PODLINE_HTML_TEXT;
    default: return PODLINE_HTML_OTHER;
    }
}

const char *podline_html_name(const void *node) { return (const char *)((const xmlNode *)node)->name; }
const char *podline_html_text(const void *node) { return (const char *)((const xmlNode *)node)->content; }
void *podline_html_first_child(const void *node) { return ((const xmlNode *)node)->children; }
void *podline_html_next(const void *node) { return ((const xmlNode *)node)->next; }

char *podline_html_attribute(const void *node, const char *name) {
    return (char *)table.xmlGetProp((const xmlNode *)node, (const xmlChar *)name);
}

void podline_html_free_string(char *value) {
    /* xmlFree is a variable holding libxml2's deallocator. */
    (*table.xmlFree)(value);
}
