// Definitions that keep the ANTLR runtime's XPath out of a static link.
//
// ptxlint never uses XPath, but a static link pulls it in all the same
// (Parser -> ParseTreePatternMatcher -> ParseTreePattern -> XPath ->
// XPathLexer), and XPathLexer's static initializer deserializes its ATN in
// every process before main: 295,000 instructions, 60 % of a whole run on an
// empty module and 9 % on a 5 KB kernel (callgrind), where a pre-commit hook
// starts one process per file (#27). ParseTreePattern, the one user, needs
// only XPath's constructor, evaluate() and its vtable: defined here (never
// called: ptxlint builds no parse-tree pattern), they satisfy its references,
// so the linker takes none of the archive's XPath objects. Linked into the
// static programs only (CMakeLists.txt, PTXLINT_LINK_STATIC); a dynamic link
// uses the shared runtime as it is.
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "antlr4-runtime.h"
#include "tree/xpath/XPath.h"

namespace antlr4::tree::xpath {

XPath::XPath(Parser* /*parser*/, const std::string& /*path*/) { std::abort(); }

std::vector<std::unique_ptr<XPathElement>> XPath::split(const std::string& /*path*/) { std::abort(); }

std::vector<ParseTree*> XPath::evaluate(ParseTree* /*t*/) { std::abort(); }

std::unique_ptr<XPathElement> XPath::getXPathElement(Token* /*wordToken*/, bool /*anywhere*/) { std::abort(); }

}  // namespace antlr4::tree::xpath
