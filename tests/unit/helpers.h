// Shared helpers for the unit tests.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ast/ast.h"
#include "ast/printer.h"
#include "diag/diagnostic_builder.h"
#include "parse/parser.h"
#include "ptxlint/ptxlint.hpp"

namespace ptxlint::test {

// A parsed module with the text it points into.
struct Parsed {
  std::string text;
  ast::Module module;
  std::vector<Diagnostic> diagnostics;
};

inline Parsed parseText(std::string text) {
  Parsed p;
  p.text = std::move(text);
  diag::DiagnosticSink sink;
  parse::parseModule(p.text, {}, p.module, sink);
  p.diagnostics = sink.diagnostics();
  return p;
}

// A file's bytes.
inline std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A result reduced to what two ways of checking one text must agree on: the
// counts and every diagnostic with its position.
inline std::string fingerprint(const Result& r) {
  std::string s = std::to_string(r.stats.instructions) + "/" + std::to_string(r.stats.checked) + "/" +
                  std::to_string(r.stats.unchecked) + ":";
  for (const Diagnostic& d : r.diagnostics) {
    s += std::string(d.code) + "@" + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column) + " " +
         d.message + ";\n";
  }
  return s;
}

// Wraps statements in a minimal module and kernel.
inline std::string inKernel(std::string_view body) {
  return std::string(".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n") + std::string(body) +
         "\n}\n";
}

inline const ast::Function& firstFunction(const Parsed& p) {
  for (const ast::TopLevel& item : p.module.items) {
    if (const auto* f = std::get_if<ast::Function>(&item.node)) return *f;
  }
  throw std::runtime_error("no function");
}

inline const ast::Statement& kernelStatement(const Parsed& p, std::size_t i) {
  return firstFunction(p).body->statements.at(i);
}

template <typename T>
const T& kernelNode(const Parsed& p, std::size_t i) {
  const T* node = ast::nodeIf<T>(kernelStatement(p, i));
  if (node == nullptr) throw std::bad_variant_access();
  return *node;
}

inline std::vector<std::string> codes(const std::vector<Diagnostic>& ds) {
  std::vector<std::string> out;
  for (const Diagnostic& d : ds) out.emplace_back(d.code);
  return out;
}

}  // namespace ptxlint::test
