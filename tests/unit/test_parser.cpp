// One test per syntax construct of chapters 4, 5, 6 and 11: the AST built for
// it, and (where it matters) the PTX printed back.
#include <catch2/catch.hpp>

#include "helpers.h"

using namespace ptxlint;
using namespace ptxlint::test;

TEST_CASE("module directives .version .target .address_size (11.1)", "[parser]") {
  Parsed p = parseText(".version 9.1\n.target sm_100f, texmode_independent, debug\n.address_size 64\n");
  REQUIRE(p.diagnostics.empty());
  REQUIRE(p.module.items.size() == 3);
  const auto& v = std::get<ast::VersionDirective>(p.module.items[0].node);
  CHECK(v.major == 9);
  CHECK(v.minor == 1);
  const auto& t = std::get<ast::TargetDirective>(p.module.items[1].node);
  REQUIRE(t.targets.size() == 3);
  CHECK(t.targets[0].text == "sm_100f");
  CHECK(t.targets[2].text == "debug");
  CHECK(std::get<ast::AddressSizeDirective>(p.module.items[2].node).size.text == "64");
}

TEST_CASE("instruction: opcode split into opcode and qualifiers with ranges (4.3.2)", "[parser]") {
  Parsed p = parseText(
      inKernel("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], %r2, [%r3];"));
  REQUIRE(p.diagnostics.empty());
  const auto& in = kernelNode<ast::Instruction>(p, 0);
  CHECK(in.opcode.text == "cp");
  REQUIRE(in.qualifiers.size() == 5);
  CHECK(in.qualifiers[0].text == ".async");
  CHECK(in.qualifiers[2].text == ".shared::cluster");
  CHECK(in.qualifiers[4].text == ".mbarrier::complete_tx::bytes");
  const auto& q = in.qualifiers[2];
  CHECK(p.text.substr(q.range.begin, q.range.end - q.range.begin) == ".shared::cluster");
  REQUIRE(in.operands.size() == 4);
  CHECK(in.operands[0].kind == ast::OperandKind::Address);
  CHECK(in.operands[2].kind == ast::OperandKind::Expression);
  CHECK(p.text.substr(in.range.begin, in.range.end - in.range.begin).back() == ';');
}

TEST_CASE("guards @p and @!p (4.3.2, 9.3)", "[parser]") {
  Parsed p = parseText(inKernel("@%p1 bra $L1;\n@!%p2 bra.uni $L1;\n$L1:\nret;"));
  REQUIRE(p.diagnostics.empty());
  const auto& a = kernelNode<ast::Instruction>(p, 0);
  REQUIRE(a.guard);
  CHECK_FALSE(a.guard->negated);
  CHECK(a.guard->predicate.text == "%p1");
  const auto& b = kernelNode<ast::Instruction>(p, 1);
  CHECK(b.guard->negated);
  CHECK(b.qualifiers.at(0).text == ".uni");
  CHECK(kernelNode<ast::Label>(p, 2).name.text == "$L1");
}

TEST_CASE("operand forms of chapter 6", "[parser]") {
  Parsed p =
      parseText(inKernel("ld.global.v4.f32 {%f1, _, %f2, %f3}, [%rd1+-16];\n"
                         "setp.eq.s32 %p1|%p2, %r1, 0x10;\n"
                         "vote.sync.all.pred %p3, !%p1, 0xffffffff;\n"
                         "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r1], "
                         "[%rd2, {%r2, %r3}], [%r4];\n"
                         "call.uni (%r5), foo, (%r6, %r7);\n"
                         "mov.f32 %f4, 0f3F800000;\n"
                         "mov.u32 %r8, %tid.x;\n"
                         "ld.global.u32 %r9, arr[4];\n"));
  REQUIRE(p.diagnostics.empty());
  const auto& ld = kernelNode<ast::Instruction>(p, 0);
  REQUIRE(ld.operands[0].kind == ast::OperandKind::Vector);
  CHECK(ld.operands[0].elements.size() == 4);
  CHECK(ld.operands[0].elements[1].kind == ast::OperandKind::Sink);
  CHECK(ast::printExpr(*ld.operands[1].expr) == "%rd1 + -16");

  const auto& setp = kernelNode<ast::Instruction>(p, 1);
  REQUIRE(setp.operands[0].kind == ast::OperandKind::PredicatePair);
  CHECK(setp.operands[0].name.text == "%p1");
  CHECK(setp.operands[0].second.text == "%p2");
  CHECK(setp.operands[2].expr->kind == ast::ExprKind::IntLiteral);
  CHECK(setp.operands[2].expr->int_value == 16);

  CHECK(kernelNode<ast::Instruction>(p, 2).operands[1].kind == ast::OperandKind::Negated);

  const auto& tensor = kernelNode<ast::Instruction>(p, 3);
  REQUIRE(tensor.operands[1].kind == ast::OperandKind::Address);
  REQUIRE(tensor.operands[1].elements.size() == 1);
  CHECK(tensor.operands[1].elements[0].kind == ast::OperandKind::Vector);
  CHECK(tensor.operands[1].elements[0].elements.size() == 2);

  const auto& call = kernelNode<ast::Instruction>(p, 4);
  REQUIRE(call.operands.size() == 3);
  CHECK(call.operands[0].kind == ast::OperandKind::ParenList);
  CHECK(call.operands[2].elements.size() == 2);

  CHECK(kernelNode<ast::Instruction>(p, 5).operands[1].expr->kind == ast::ExprKind::FloatLiteral);
  CHECK(kernelNode<ast::Instruction>(p, 6).operands[1].expr->text == "%tid.x");
  CHECK(kernelNode<ast::Instruction>(p, 7).operands[1].expr->kind == ast::ExprKind::Index);
}

TEST_CASE("a predicate pair with the sink '_' in either half (9.7.6.2)", "[parser]") {
  Parsed p = parseText(inKernel("setp.eq.s32 _|%p2, %r1, 0;\nsetp.nan.f32 %p1|_, %f1, %f2;\n"));
  REQUIRE(p.diagnostics.empty());
  const auto& a = kernelNode<ast::Instruction>(p, 0);
  REQUIRE(a.operands[0].kind == ast::OperandKind::PredicatePair);
  CHECK(a.operands[0].name.text == "_");
  CHECK(a.operands[0].second.text == "%p2");
  const auto& b = kernelNode<ast::Instruction>(p, 1);
  REQUIRE(b.operands[0].kind == ast::OperandKind::PredicatePair);
  CHECK(b.operands[0].name.text == "%p1");
  CHECK(b.operands[0].second.text == "_");
}

TEST_CASE("constant expressions keep C precedence (4.5.4)", "[parser]") {
  Parsed p =
      parseText(inKernel("mov.u32 %r1, 1 + 2 * 3 << 1;\nmov.u32 %r2, (1 + 2) * 3;\nmov.s64 %rd1, (.s64)-1 ? 4 : 5;"));
  REQUIRE(p.diagnostics.empty());
  const ast::Expr* e = kernelNode<ast::Instruction>(p, 0).operands[1].expr;
  REQUIRE(e->kind == ast::ExprKind::Binary);
  CHECK(e->op == "<<");  // (1 + (2 * 3)) << 1
  CHECK(e->lhs->op == "+");
  CHECK(e->lhs->rhs->op == "*");
  const ast::Expr* f = kernelNode<ast::Instruction>(p, 1).operands[1].expr;
  CHECK(f->op == "*");
  CHECK(f->lhs->kind == ast::ExprKind::Paren);
  const ast::Expr* g = kernelNode<ast::Instruction>(p, 2).operands[1].expr;
  CHECK(g->kind == ast::ExprKind::Conditional);
  CHECK(g->lhs->kind == ast::ExprKind::Cast);
}

TEST_CASE("register declarations with parameterized names (5.4.6)", "[parser]") {
  Parsed p = parseText(inKernel(".reg .b32 %r<100>;\n.reg .pred p, q;\n.reg .v4 .f32 %acc;"));
  REQUIRE(p.diagnostics.empty());
  const auto& r = kernelNode<ast::VariableDecl>(p, 0);
  CHECK(r.find(r.state_space)->keyword.text == ".reg");
  CHECK(r.find(r.type)->keyword.text == ".b32");
  REQUIRE(r.declarators.size() == 1);
  CHECK(r.declarators[0].range_count_value == 100);
  CHECK(kernelNode<ast::VariableDecl>(p, 1).declarators.size() == 2);
  const auto& v = kernelNode<ast::VariableDecl>(p, 2);
  CHECK(v.find(v.vector)->keyword.text == ".v4");
}

TEST_CASE("variables: linkage, alignment, arrays and initializers (5.4, 11.6)", "[parser]") {
  Parsed p = parseText(
      ".version 8.0\n.target sm_90\n"
      ".extern .shared .align 16 .b8 smem[];\n"
      ".visible .global .align 4 .s32 x[3][2] = {{1, 2}, {3}};\n"
      ".global .u64 ptrs[2] = {generic(x), generic(x)+8};\n"
      ".global .u8 bytes[2] = {0xFF(x), 0xFF00(x+4)};\n"
      ".const .f32 vals[] = {.05, 1e3};\n"
      ".global .attribute(.managed) .s32 g;\n"
      ".global .attribute(.unified(19, 95)) .f32 f;\n"
      ".const[2] .b32 banked;\n");
  REQUIRE(p.diagnostics.empty());
  REQUIRE(p.module.items.size() == 10);
  const auto& smem = std::get<ast::VariableDecl>(p.module.items[2].node);
  CHECK(smem.specifiers[0].kind == ast::SpecifierKind::Linkage);
  CHECK(smem.find(smem.align)->value->text == "16");
  REQUIRE(smem.declarators[0].dimensions.size() == 1);
  CHECK(smem.declarators[0].dimensions[0] == nullptr);
  const auto& x = std::get<ast::VariableDecl>(p.module.items[3].node);
  CHECK(x.declarators[0].dimensions.size() == 2);
  REQUIRE(x.declarators[0].initializer);
  CHECK(x.declarators[0].initializer->elements.size() == 2);
  CHECK(x.declarators[0].initializer->elements[1].elements.size() == 1);
  const auto& ptrs = std::get<ast::VariableDecl>(p.module.items[4].node);
  const ast::Expr* second = ptrs.declarators[0].initializer->elements[1].expr;
  CHECK(second->kind == ast::ExprKind::Binary);
  CHECK(second->lhs->kind == ast::ExprKind::Call);
  CHECK(second->lhs->text == "generic");
  const auto& bytes = std::get<ast::VariableDecl>(p.module.items[5].node);
  CHECK(bytes.declarators[0].initializer->elements[1].expr->kind == ast::ExprKind::Mask);
  const auto& unified = std::get<ast::VariableDecl>(p.module.items[8].node);
  REQUIRE(unified.specifiers[1].attributes.size() == 1);
  CHECK(unified.specifiers[1].attributes[0].arguments.size() == 2);
  const auto& banked = std::get<ast::VariableDecl>(p.module.items[9].node);
  CHECK(banked.find(banked.state_space)->value->text == "2");
}

TEST_CASE("long initializers: the declaration through the shape cache, the elements built directly", "[parser]") {
  // Past the shape cache's 192 tokens (fast_path.cpp, longInitializer).
  auto table = [](const std::string& name, int first) {
    std::string text = ".global .align 4 .s32 " + name + "[2][100] = {{";
    for (int i = 0; i < 100; ++i) text += (i ? ", " : "") + std::to_string(first + i);
    text += "}, {-7, 0f3F800000, 2.5, " + name + "}};\n";
    return text;
  };
  // (Module directives have no ';': the run up to the first ';' is parsed
  // whole, hence `plain`.)
  std::string text = ".version 8.0\n.target sm_90\n.global .b32 plain;\n" + table("first", 0) + table("second", 1000);
  ast::Module module;
  diag::DiagnosticSink sink;
  parse::ParseStats stats = parse::parseModule(text, {}, module, sink);
  REQUIRE(sink.diagnostics().empty());
  REQUIRE(module.items.size() == 5);
  CHECK(stats.slow_chunks == 0);
  // The second declaration's head has the first's shape: relocated, not
  // parsed (without the split, ANTLR parses each whole).
  CHECK(stats.reused_runs >= 1);
  for (int k = 0; k < 2; ++k) {
    const auto& decl = std::get<ast::VariableDecl>(module.items[3 + k].node);
    const ast::Declarator& d = decl.declarators.at(0);
    CHECK(d.name.text == (k == 0 ? "first" : "second"));
    REQUIRE(d.initializer);
    REQUIRE(d.initializer->elements.size() == 2);
    const ast::Initializer& row = d.initializer->elements[0];
    REQUIRE(row.elements.size() == 100);
    CHECK(row.elements[99].expr->kind == ast::ExprKind::IntLiteral);
    CHECK(row.elements[99].expr->int_value == static_cast<std::uint64_t>(1000 * k + 99));
    CHECK(text.substr(row.range.begin, 5) == (k == 0 ? "{0, 1" : "{1000"));
    const ast::Initializer& tail = d.initializer->elements[1];
    REQUIRE(tail.elements.size() == 4);
    const ast::Expr* negated = tail.elements[0].expr;
    CHECK(negated->kind == ast::ExprKind::Unary);
    CHECK(negated->op == "-");
    CHECK(negated->lhs->int_value == 7);
    CHECK(text.substr(negated->range.begin, negated->range.end - negated->range.begin) == "-7");
    CHECK(tail.elements[1].expr->kind == ast::ExprKind::FloatLiteral);
    CHECK(tail.elements[2].expr->text == "2.5");
    CHECK(tail.elements[3].expr->kind == ast::ExprKind::Symbol);
    CHECK(text.substr(d.initializer->range.end - 2, 2) == "}}");
    CHECK(text[decl.range.end - 1] == ';');
  }
}

TEST_CASE("functions: return and parameter lists, .ptr, directives (11.2, 5.1.6)", "[parser]") {
  Parsed p = parseText(
      ".version 8.0\n.target sm_90\n"
      ".extern .func (.param .b32 func_retval0) vprintf (.param .b64 a, .param .b64 b);\n"
      ".weak .func (.reg .b32 rval) foo (.reg .b32 N) .noreturn;\n"
      ".func .attribute(.unified(0xAB, 0xCD)) bar() { ret; }\n"
      ".visible .entry k(.param .u64 .ptr .global .align 16 p0, .param .align 4 .b8 p1[8])\n"
      ".maxntid 128, 1, 1\n.minnctapersm 2\n.reqnctapercluster 2, 1, 1\n.explicitcluster\n.maxnreg 64\n"
      "{ ret; }\n"
      ".entry noparams { ret; }\n");
  REQUIRE(p.diagnostics.empty());
  REQUIRE(p.module.items.size() == 7);
  const auto& vprintf = std::get<ast::Function>(p.module.items[2].node);
  CHECK(vprintf.linkage.at(0).text == ".extern");
  CHECK(vprintf.kind.text == ".func");
  CHECK_FALSE(vprintf.body);
  REQUIRE(vprintf.return_params);
  CHECK(vprintf.return_params->size() == 1);
  CHECK(vprintf.params->size() == 2);
  const auto& foo = std::get<ast::Function>(p.module.items[3].node);
  CHECK(foo.directives.at(0).keyword.text == ".noreturn");
  const auto& bar = std::get<ast::Function>(p.module.items[4].node);
  CHECK(bar.attributes.size() == 1);
  const auto& k = std::get<ast::Function>(p.module.items[5].node);
  const ast::Param& p0 = k.params->at(0);
  CHECK(p0.find(p0.state_space)->keyword.text == ".param");
  CHECK(p0.specifiers[3].kind == ast::SpecifierKind::PtrSpace);
  CHECK(p0.specifiers[4].kind == ast::SpecifierKind::PtrAlign);
  CHECK(k.directives.size() == 5);
  CHECK(k.directives[0].values.size() == 3);
  const auto& noparams = std::get<ast::Function>(p.module.items[6].node);
  CHECK_FALSE(noparams.params);
}

TEST_CASE("control-flow directives: .callprototype .branchtargets .calltargets (11.3)", "[parser]") {
  Parsed p =
      parseText(inKernel("proto: .callprototype (.param .b32 _) _ (.param .b64 _, .param .b8 _[12]);\n"
                         "noret: .callprototype _ (.param .f32 _) .noreturn;\n"
                         "ts: .branchtargets L1, N<5>;\n"
                         "ct: .calltargets f1, f2;\n"
                         "call (%r1), %rd1, (%rd2), proto;"));
  REQUIRE(p.diagnostics.empty());
  const auto& proto = kernelNode<ast::CallPrototype>(p, 0);
  CHECK(proto.label.text == "proto");
  REQUIRE(proto.params);
  CHECK(proto.params->size() == 2);
  CHECK(proto.params->at(1).declarator.dimensions.size() == 1);
  CHECK(kernelNode<ast::CallPrototype>(p, 1).directives.at(0).keyword.text == ".noreturn");
  const auto& ts = kernelNode<ast::TargetList>(p, 2);
  CHECK(ts.keyword.text == ".branchtargets");
  CHECK(ts.targets.at(1).count->text == "5");
  CHECK(kernelNode<ast::TargetList>(p, 3).keyword.text == ".calltargets");
}

TEST_CASE("debug directives: .file, .loc with inlined_at, .section (11.5)", "[parser]") {
  Parsed p = parseText(
      ".version 8.0\n.target sm_90\n"
      ".file 1 \"kernel.cu\", 1339013327, 64118\n"
      ".entry k()\n{\n"
      ".loc 1 9 3, function_name $L__info_string0, inlined_at 1 21 3\n"
      ".loc 1 15 3, function_name .debug_str+16, inlined_at 1 10 5\n"
      "ret;\n}\n"
      ".section .debug_info\n{\n.b32 11430\n.b8 2, 0\n.b32 .debug_abbrev\nlabel1:\n.b64 -1\n"
      ".b32 label1+12\n.b32 L2-L1\n}\n");
  REQUIRE(p.diagnostics.empty());
  const auto& file = std::get<ast::FileDirective>(p.module.items[2].node);
  CHECK(file.name.text == "\"kernel.cu\"");
  REQUIRE(file.timestamp);
  const auto& k = std::get<ast::Function>(p.module.items[3].node);
  const auto& loc = std::get<ast::LocDirective>(k.body->statements.at(0).node);
  REQUIRE(loc.attributes.size() == 2);
  CHECK(loc.attributes[0].name.text == "function_name");
  CHECK(loc.attributes[1].numbers.size() == 3);
  const auto& section = std::get<ast::SectionDirective>(p.module.items[4].node);
  CHECK(section.name.text == ".debug_info");
  REQUIRE(section.items.size() == 7);
  CHECK(section.items[3].label->text == "label1");
  CHECK(section.items[6].values.at(0)->op == "-");
}

TEST_CASE(".pragma, .alias and nested blocks (11.4.7, 11.2.3, 4.3)", "[parser]") {
  Parsed p = parseText(
      ".version 8.0\n.target sm_90\n.pragma \"nounroll\";\n"
      ".func foo() { ret; }\n.func bar();\n.alias bar, foo;\n"
      ".entry k() .pragma \"nounroll\"; { { .reg .b32 %x; mov.u32 %x, 1; { ret; } } }\n");
  REQUIRE(p.diagnostics.empty());
  CHECK(std::get<ast::PragmaDirective>(p.module.items[2].node).strings.at(0).text == "\"nounroll\"");
  CHECK(std::get<ast::AliasDirective>(p.module.items[5].node).aliasee.text == "foo");
  const auto& k = std::get<ast::Function>(p.module.items[6].node);
  CHECK(k.directives.at(0).pragma);
  const auto& outer = std::get<ast::Block>(k.body->statements.at(0).node);
  CHECK(outer.statements.size() == 3);
  CHECK(std::holds_alternative<ast::Block>(outer.statements.at(2).node));
}

TEST_CASE("printer output parses back to the same text", "[parser][printer]") {
  const std::string source = inKernel(
      ".reg .b32 %r<4>;\n@!%p1 ld.global.nc.v2.u32 {%r1, %r2}, [%rd1+8];\n"
      "mov.u32 %r3, (1 << 4) + WARP_SZ;\nL: .branchtargets A, B;\n");
  Parsed first = parseText(source);
  REQUIRE(first.diagnostics.empty());
  std::string printed = ast::printModule(first.module);
  CHECK(ptxlint::parse::lexTokens(printed) == parse::lexTokens(source));
  Parsed second = parseText(printed);
  REQUIRE(second.diagnostics.empty());
  CHECK(ast::printModule(second.module) == printed);
}

TEST_CASE("large files are parsed in chunks of whole items", "[parser]") {
  std::string text = ".version 8.0\n.target sm_90\n.address_size 64\n";
  for (int i = 0; i < 400; ++i) {
    text += ".visible .entry k" + std::to_string(i) + "()\n{\n    .reg .b32 %r<3>;\n";
    for (int j = 0; j < 40; ++j) text += "    add.s32 %r1, %r2, " + std::to_string(j) + ";\n";
    text += "}\n";
  }
  Result r = lint(text);
  CHECK(r.diagnostics.empty());
  CHECK(r.stats.instructions == 400 * 40);
  CHECK(r.stats.chunks > 1);
  CHECK(r.stats.ll_fallbacks == 0);
}

// The checks' parse (keep_section_data off) drops a debug section's data
// line only where the checks could find nothing in it (src/sema/
// debug_directives.cpp): .b8/.b32/.b64 integers that fit, or a label alone
// on a .b32/.b64 line, read from token lengths and a few characters. Each
// line below is one item kept or not, and lint gives the same findings
// whether every line is kept (a whole-module check) or not (streaming).
TEST_CASE("parser: the checks' parse keeps exactly the debug-section lines the checks judge") {
  struct Line {
    const char* text;
    bool kept;
    bool error;  // PL2018 at .version 8.0
  };
  const Line lines[] = {
      {".b8 0", false, false},
      {".b8 99", false, false},
      {".b8 100", false, false},
      {".b8 199", false, false},
      {".b8 200", false, false},
      {".b8 255", false, false},
      {".b8 256", true, true},
      {".b8 300", true, true},
      {".b8 999", true, true},
      {".b8 077", false, false},
      {".b8 0xff", false, false},
      {".b8 0x100", true, true},
      {".b8 25U", false, false},
      {".b8 255U", false, false},
      {".b8 256U", true, true},
      {".b8 0b11111111", false, false},
      {".b8 0b111111111", true, true},
      {".b8 1, 2, 255, 3", false, false},
      {".b8 1, 2, 256, 3", true, true},
      {".b8 -1", true, false},
      {".b16 1", true, false},
      {".b32 999999999", false, false},
      {".b32 4294967295", false, false},
      {".b32 0xFFFFFFFF", false, false},
      {".b32 4294967296", true, true},
      {".b32 0x100000000", true, true},
      {".b64 18446744073709551615", false, false},
      {".b64 0xFFFFFFFFFFFFFFFF", false, false},
      {".b64 $L__func_begin0", false, false},
      {".b32 .debug_abbrev", false, false},
      {".b8 $L__func_begin0", true, true},
      {".b16 $L__func_begin0", true, true},
      {".b64 $L__func_begin0+8", true, false},
      {".b64 $L__a-$L__b", true, false},
      {".b64 1, $L__b", true, true},
      {".u32 1", true, true},
  };
  for (const Line& line : lines) {
    INFO(line.text);
    std::string text =
        std::string(".version 8.0\n.target sm_90\n.address_size 64\n.section .debug_info\n{\n") + line.text + "\n}\n";
    parse::ParseOptions checks;
    checks.keep_section_data = false;
    ast::Module module;
    diag::DiagnosticSink sink;
    parse::parseModule(text, checks, module, sink);
    CHECK(sink.diagnostics().empty());
    std::size_t kept = 0;
    for (const ast::TopLevel& item : module.items) {
      if (const auto* s = std::get_if<ast::SectionDirective>(&item.node)) kept += s->items.size();
    }
    CHECK(kept == (line.kept ? 1u : 0u));
    Options whole;
    whole.streaming = false;
    Options streamed;
    streamed.streaming = true;
    Result a = lint(text, whole), b = lint(text, streamed);
    auto codes = [](const Result& r) {
      std::string out;
      for (const Diagnostic& d : r.diagnostics) out += std::string(d.code) + " " + d.message + "\n";
      return out;
    };
    CHECK(codes(a) == codes(b));
    CHECK((codes(b).find("PL2018") != std::string::npos) == line.error);
  }
}
