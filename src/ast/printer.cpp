#include "ast/printer.h"

namespace ptxlint::ast {
namespace {

class Printer {
 public:
  std::string take() { return std::move(out_); }

  void module(const Module& m) {
    module_ = &m;
    for (const TopLevel& item : m.items) {
      std::visit([&](const auto& node) { topLevel(node); }, item.node);
    }
  }

  void expr(const Expr* e) {
    if (e == nullptr) return;
    switch (e->kind) {
      case ExprKind::IntLiteral:
      case ExprKind::FloatLiteral:
      case ExprKind::Symbol: out_ += e->text; break;
      case ExprKind::Unary:
        out_ += e->op;
        expr(e->lhs);
        break;
      case ExprKind::Binary:
        expr(e->lhs);
        out_ += ' ';
        out_ += e->op;
        out_ += ' ';
        expr(e->rhs);
        break;
      case ExprKind::Conditional:
        expr(e->lhs);
        out_ += " ? ";
        expr(e->rhs);
        out_ += " : ";
        expr(e->third);
        break;
      case ExprKind::Index:
        expr(e->lhs);
        out_ += '[';
        expr(e->rhs);
        out_ += ']';
        break;
      case ExprKind::Cast:
        out_ += '(';
        out_ += e->op;
        out_ += ')';
        expr(e->lhs);
        break;
      case ExprKind::Call:
      case ExprKind::Mask:
        out_ += e->text;
        out_ += '(';
        expr(e->lhs);
        out_ += ')';
        break;
      case ExprKind::Paren:
        out_ += '(';
        expr(e->lhs);
        out_ += ')';
        break;
    }
  }

 private:
  void indent() { out_.append(depth_ * 4, ' '); }

  void topLevel(const VersionDirective& d) { line(".version ", d.version.text); }
  void topLevel(const TargetDirective& d) {
    out_ += ".target ";
    list(d.targets, [&](const Token& t) { out_ += t.text; });
    out_ += '\n';
  }
  void topLevel(const AddressSizeDirective& d) { line(".address_size ", d.size.text); }
  void topLevel(const FileDirective& d) { file(d); }
  void topLevel(const SectionDirective& d) { section(d); }
  void topLevel(const AliasDirective& d) {
    out_ += ".alias ";
    out_ += d.alias.text;
    out_ += ", ";
    out_ += d.aliasee.text;
    out_ += ";\n";
  }
  void topLevel(const PragmaDirective& d) { pragma(d); }
  void topLevel(const VariableDecl& d) { variable(d); }
  void topLevel(const Function& f) {
    out_ += '\n';
    functionHeader(f);
    if (f.body) {
      out_ += '\n';
      block(*f.body);
    } else {
      out_ += ";\n";
    }
  }

  void functionHeader(const Function& f) {
    for (const Token& l : f.linkage) {
      out_ += l.text;
      out_ += ' ';
    }
    out_ += f.kind.text;
    for (const Specifier& a : f.attributes) {
      out_ += ' ';
      specifier(a);
    }
    if (f.return_params) {
      out_ += ' ';
      params(*f.return_params);
    }
    out_ += ' ';
    out_ += f.name.text;
    if (f.params) params(*f.params);
    for (const FunctionDirective& d : f.directives) {
      out_ += '\n';
      functionDirective(d);
    }
  }

  void line(std::string_view keyword, std::string_view value) {
    out_ += keyword;
    out_ += value;
    out_ += '\n';
  }

  template <typename List, typename Fn>
  void list(const List& items, Fn fn) {
    bool first = true;
    for (const auto& item : items) {
      if (!first) out_ += ", ";
      first = false;
      fn(item);
    }
  }

  void file(const FileDirective& d) {
    indent();
    out_ += ".file ";
    out_ += d.index.text;
    out_ += ' ';
    out_ += d.name.text;
    if (d.timestamp) {
      out_ += ", ";
      out_ += d.timestamp->text;
      out_ += ", ";
      out_ += d.size->text;
    }
    out_ += '\n';
  }

  void pragma(const PragmaDirective& d) {
    indent();
    pragmaInline(d);
    out_ += '\n';
  }
  void pragmaInline(const PragmaDirective& d) {
    out_ += ".pragma ";
    list(d.strings, [&](const Token& s) { out_ += s.text; });
    out_ += ';';
  }

  void section(const SectionDirective& d) {
    indent();
    out_ += ".section ";
    out_ += d.name.text;
    out_ += "\n";
    indent();
    out_ += "{\n";
    for (const SectionItem& item : d.items) {
      if (item.label) {
        indent();
        out_ += item.label->text;
        out_ += ":\n";
        continue;
      }
      indent();
      out_ += "    ";
      out_ += item.type.text;
      out_ += ' ';
      list(item.values, [&](const Expr* e) { expr(e); });
      out_ += '\n';
    }
    indent();
    out_ += "}\n";
  }

  void specifier(const Specifier& s) {
    out_ += s.keyword.text;
    if (s.kind == SpecifierKind::Attribute) {
      out_ += '(';
      list(s.attributes, [&](const AttributeItem& a) {
        out_ += a.name.text;
        if (!a.arguments.empty()) {
          out_ += '(';
          list(a.arguments, [&](const Expr* e) { expr(e); });
          out_ += ')';
        }
      });
      out_ += ')';
    } else if (s.value) {
      if (s.kind == SpecifierKind::StateSpace) {
        out_ += '[';
        out_ += s.value->text;
        out_ += ']';
      } else {
        out_ += ' ';
        out_ += s.value->text;
      }
    }
  }

  void specifiers(const Specifiers& specs) {
    for (const Specifier& s : specs) {
      specifier(s);
      out_ += ' ';
    }
  }

  void declarator(const Declarator& d) {
    out_ += d.name.text;
    if (d.range_count) {
      out_ += '<';
      out_ += d.range_count->text;
      out_ += '>';
    }
    for (const Expr* dim : d.dimensions) {
      out_ += '[';
      expr(dim);
      out_ += ']';
    }
    if (d.initializer) {
      out_ += " = ";
      initializer(*d.initializer);
    }
  }

  void initializer(const Initializer& init) {
    if (init.field) {
      out_ += init.field->text;
      out_ += " = ";
    }
    if (init.expr != nullptr) {
      expr(init.expr);
      return;
    }
    out_ += '{';
    list(init.elements, [&](const Initializer& e) { initializer(e); });
    out_ += '}';
  }

  void variable(const VariableDecl& d) {
    indent();
    specifiers(d.specifiers);
    list(d.declarators, [&](const Declarator& decl) { declarator(decl); });
    out_ += ";\n";
  }

  void params(const std::vector<Param>& ps) {
    out_ += '(';
    list(ps, [&](const Param& p) {
      specifiers(p.specifiers);
      declarator(p.declarator);
    });
    out_ += ')';
  }

  void functionDirective(const FunctionDirective& d) {
    if (d.pragma) {
      pragmaInline(*d.pragma);
      return;
    }
    out_ += d.keyword.text;
    if (!d.values.empty()) out_ += ' ';
    list(d.values, [&](const Token& v) { out_ += v.text; });
  }

  void block(const Block& b) {
    indent();
    out_ += "{\n";
    ++depth_;
    for (const Statement& s : b.statements) {
      ast::visitNode([&](const auto& node) { statement(node); }, s);
    }
    --depth_;
    indent();
    out_ += "}\n";
  }

  void statement(const Block& b) { block(b); }
  void statement(const DeferredRun& run) {
    ExprArena arena;
    for (std::uint32_t k = run.first; k < run.first + run.count; ++k) {
      Statement built = module_->build(module_->deferred[k], arena);
      ast::visitNode([&](const auto& node) { statement(node); }, built);
    }
  }
  void statement(const Label& l) {
    out_ += l.name.text;
    out_ += ":\n";
  }
  void statement(const VariableDecl& d) { variable(d); }
  void statement(const Function& f) {  // a declaration in a body
    indent();
    functionHeader(f);
    out_ += ";\n";
  }
  void statement(const FileDirective& d) { file(d); }
  void statement(const PragmaDirective& d) { pragma(d); }
  void statement(const SectionDirective& d) { section(d); }
  void statement(const LocDirective& d) {
    indent();
    out_ += ".loc ";
    out_ += d.file.text;
    out_ += ' ';
    out_ += d.line.text;
    out_ += ' ';
    out_ += d.column.text;
    for (const LocAttribute& a : d.attributes) {
      out_ += ", ";
      out_ += a.name.text;
      for (const Token& n : a.numbers) {
        out_ += ' ';
        out_ += n.text;
      }
      if (a.expr) {
        out_ += ' ';
        expr(a.expr);
      }
    }
    out_ += '\n';
  }
  void statement(const CallPrototype& p) {
    indent();
    out_ += p.label.text;
    out_ += ": .callprototype ";
    if (p.return_params) {
      params(*p.return_params);
      out_ += ' ';
    }
    out_ += '_';
    if (p.params) {
      out_ += ' ';
      params(*p.params);
    }
    for (const FunctionDirective& d : p.directives) {
      out_ += ' ';
      functionDirective(d);
    }
    out_ += ";\n";
  }
  void statement(const TargetList& t) {
    indent();
    out_ += t.label.text;
    out_ += ": ";
    out_ += t.keyword.text;
    out_ += ' ';
    list(t.targets, [&](const TargetList::Entry& e) {
      out_ += e.name.text;
      if (e.count) {
        out_ += '<';
        out_ += e.count->text;
        out_ += '>';
      }
    });
    out_ += ";\n";
  }
  void statement(const Instruction& in) {
    indent();
    if (in.guard) {
      out_ += '@';
      if (in.guard->negated) out_ += '!';
      out_ += in.guard->predicate.text;
      out_ += ' ';
    }
    out_ += in.opcode.text;
    for (const Token& q : in.qualifiers) out_ += q.text;
    if (!in.operands.empty()) out_ += ' ';
    list(in.operands, [&](const Operand& op) { operand(op); });
    out_ += ";\n";
  }

  void operand(const Operand& op) {
    switch (op.kind) {
      case OperandKind::Expression: expr(op.expr); break;
      case OperandKind::Address:
        out_ += '[';
        expr(op.expr);
        for (const Operand& extra : op.elements) {
          out_ += ", ";
          operand(extra);
        }
        out_ += ']';
        out_ += op.name.text;
        break;
      case OperandKind::Vector:
        out_ += '{';
        list(op.elements, [&](const Operand& e) { operand(e); });
        out_ += '}';
        if (!op.second.text.empty()) {
          out_ += '|';
          out_ += op.second.text;
        }
        break;
      case OperandKind::ParenList:
        out_ += '(';
        list(op.elements, [&](const Operand& e) { operand(e); });
        out_ += ')';
        break;
      case OperandKind::Negated:
        out_ += '!';
        out_ += op.name.text;
        break;
      case OperandKind::PredicatePair:
        out_ += op.name.text;
        out_ += '|';
        out_ += op.second.text;
        break;
      case OperandKind::Sink: out_ += '_'; break;
    }
  }

  std::string out_;
  const Module* module_ = nullptr;  // the module being printed (builds deferred instructions)
  std::size_t depth_ = 0;
};

}  // namespace

std::string printModule(const Module& module) {
  Printer p;
  p.module(module);
  return p.take();
}

std::string printExpr(const Expr& e) {
  Printer p;
  p.expr(&e);
  return p.take();
}

}  // namespace ptxlint::ast
