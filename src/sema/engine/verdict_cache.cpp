#include "sema/engine/verdict_cache.h"

#include <cstring>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "sema/engine/verdict_seed.h"
#include "support/front_cache.h"
#include "support/text.h"

namespace ptxlint::sema::engine {
namespace {

// The memo key of an instruction (see CheckMemo): everything the engine's
// parts read of it. Names become what the resolver says of them; a register
// is its type and its place among the instruction's names (so `add %r1, %r1,
// %r2` and `add %r1, %r2, %r3` differ), any other declared name what the
// resolver says of it (kind, place, space, shape, type, signature); special
// registers and names with a field keep their text.
class MemoKey {
 public:
  MemoKey(const ast::Instruction& in, const RegisterResolver& registers, CheckMemo::Scratch& out,
          bool leave_out_literals)
      : in_(in), registers_(registers), out_(out), names_(out.names), leave_out_literals_(leave_out_literals) {}

  // Whether an integer literal was left out of the key built.
  bool leftOut() const { return left_out_; }

  // The key, or an empty view when it does not fit the scratch room.
  std::string_view build() {
    out_.size = out_.context_size;
    out_.overflow = false;
    names_.clear();
    text(in_.opcode.text);
    for (const ast::Token& q : in_.qualifiers) text(q.text);
    put('|');
    for (const ast::Operand& op : in_.operands) operand(op);
    return out_.overflow ? std::string_view{} : std::string_view(out_.bytes, out_.size);
  }

 private:
  void put(char c) {
    if (out_.size < CheckMemo::Scratch::kCapacity) {
      out_.bytes[out_.size++] = c;
    } else {
      out_.overflow = true;
    }
  }
  void text(std::string_view t) {
    if (out_.size + t.size() + 1 > CheckMemo::Scratch::kCapacity) {
      out_.overflow = true;
      return;
    }
    support::copyShortBytes(out_.bytes + out_.size, t.data(), t.size());
    out_.size += t.size();
    out_.bytes[out_.size++] = '\x1f';
  }

  void number(std::size_t n) {
    char digits[20];
    std::size_t k = 0;
    do {
      digits[k++] = static_cast<char>('0' + n % 10);
      n /= 10;
    } while (n != 0);
    while (k > 0) put(digits[--k]);
    put(',');
  }

  void name(std::string_view t) {
    if (t == "_") {
      put('_');
      return;
    }
    std::size_t index = names_.indexOf(t);
    put('#');
    number(index);
    if (std::optional<RegisterInfo> reg = registers_.reg(t)) {
      put('R');
      put(reg->declared.begin > in_.range.begin ? '>' : '<');
      text(reg->type);
      return;
    }
    if (std::optional<NameInfo> info = registers_.nameInfo(t)) {
      put('N');
      put(static_cast<char>('0' + static_cast<int>(info->kind)));
      put(info->declared.begin > in_.range.begin ? '>' : '<');
      // A declared name is judged by what the resolver answers for it, all
      // of it in the key (kind, place, space, shape, type, signature),
      // never by its text: `ld.param.u64 %rd1, [k_param_0]` is one verdict
      // whatever the kernel calls its parameter, `call.uni (retval0), f,
      // (param0)` whatever f is called (as the symbol pass keys an unbuilt
      // instruction). A special or vector register (no reg() answer) and a
      // name with a field keep their text.
      bool by_answers = info->kind != NameKind::Register && t.find('.') == std::string_view::npos;
      if (!by_answers) text(t);
      text(info->space);
      text(info->type);  // (.texref or not: two modules may give one name two types)
      put(info->is_array ? 'a' : 's');
      if (std::optional<Signature> sig = registers_.signature(t)) {
        put('S');
        number(sig->results);
        number(sig->params);
        put(sig->agree ? '+' : '-');
        put(sig->last_omissible ? '[' : ']');
      }
      return;
    }
    put('U');
    text(t);
  }

  void expr(const ast::Expr* e) {
    if (e == nullptr) {
      put('~');
      return;
    }
    put(static_cast<char>('a' + static_cast<int>(e->kind)));
    switch (e->kind) {
      case ast::ExprKind::Symbol: name(e->text); return;
      case ast::ExprKind::IntLiteral:
        if (leave_out_literals_) {
          left_out_ = true;
          return;
        }
        text(e->text);
        return;
      case ast::ExprKind::FloatLiteral:
        // What the engine reads of a floating-point constant is nearly
        // always its form: 0f/0d (literalKind, the deviations' "0f" tests)
        // and the length of a 0f constant (checkHexFloatOperands). So the
        // key without literals keeps the first two characters and the
        // length: 0f3F000000 and 0f40490FDB share a verdict (a kernel has
        // hundreds of them). A check that reads the value (createpolicy's
        // fraction, floatConstantValue) counts the read, and its verdict
        // is kept under the whole key, digits and all.
        if (leave_out_literals_) {
          left_out_ = true;
          text(e->text.substr(0, 2));
          number(e->text.size());
          return;
        }
        text(e->text);
        return;
      default: break;
    }
    text(e->text);
    text(e->op);
    put('(');
    expr(e->lhs);
    expr(e->rhs);
    expr(e->third);
    put(')');
  }

  void operand(const ast::Operand& op) {
    put(static_cast<char>('A' + static_cast<int>(op.kind)));
    switch (op.kind) {
      case ast::OperandKind::Expression: expr(op.expr); break;
      case ast::OperandKind::Address:
        expr(op.expr);
        text(op.name.text);
        break;
      case ast::OperandKind::Negated: name(op.name.text); break;
      case ast::OperandKind::PredicatePair:
        name(op.name.text);
        name(op.second.text);
        break;
      case ast::OperandKind::Vector:
        if (!op.second.text.empty()) name(op.second.text);
        break;
      case ast::OperandKind::ParenList:
      case ast::OperandKind::Sink: break;
    }
    put('{');
    for (const ast::Operand& element : op.elements) operand(element);
    put('}');
  }

  const ast::Instruction& in_;
  const RegisterResolver& registers_;
  CheckMemo::Scratch& out_;
  support::NameIndex& names_;
  const bool leave_out_literals_;
  bool left_out_ = false;
};

// The process-wide verdicts (see CheckMemo).
class VerdictCache {
 public:
  std::optional<bool> find(std::string_view key) const {
    std::uint64_t hash = support::hashBytes(key);
    if (support::one_thread_process) {  // (support/front_cache.h)
      if (const bool* kept = verdicts_.find(hash, key)) return *kept;
      // A seeded verdict is kept too: the next instruction of its form is
      // then found by this one hash, not the seed's of the form again.
      std::optional<bool> seeded = seededVerdict(key);
      if (seeded) verdicts_.put(hash, key, *seeded);
      return seeded;
    }
    Front& front = this->front();
    if (const bool* kept = front.find(hash, key)) return *kept;
    std::optional<bool> verdict;
    {
      std::shared_lock lock(mutex_);
      const bool* kept_shared = verdicts_.find(hash, key);
      if (kept_shared != nullptr) verdict = *kept_shared;
    }
    if (!verdict) verdict = seededVerdict(key);  // (read in place: constant data)
    if (verdict) front.put(hash, key, *verdict);
    return verdict;
  }
  void insert(std::string_view key, bool checked) {
    std::uint64_t hash = support::hashBytes(key);
    if (support::one_thread_process) {
      verdicts_.put(hash, key, checked);
      return;
    }
    front().put(hash, key, checked);
    std::unique_lock lock(mutex_);
    verdicts_.put(hash, key, checked);  // (starts over past kMaxEntries: bounded on hostile input)
  }

  template <typename Visit>
  void forEach(Visit&& visit) const {
    std::shared_lock lock(mutex_);
    verdicts_.forEach(visit);
  }
  void clear() {  // (the shared table; the seeder checks on one thread, without front caches)
    std::unique_lock lock(mutex_);
    verdicts_.clear();
  }

 private:
  using Front = support::FrontCache<bool, 16384>;  // at most about 2.4 MiB a thread
  static Front& front() {
    thread_local Front instance;
    return instance;
  }

  // The shared table: the same open-addressing table, its keys in one
  // arena (no allocation per verdict), behind the lock. At most 65,536
  // verdicts and 8 MiB of keys, then it starts over.
  static constexpr std::size_t kMaxEntries = 1 << 16;
  mutable std::shared_mutex mutex_;
  mutable support::FrontCache<bool, kMaxEntries> verdicts_;  // (find() keeps seeded verdicts on one thread)
};

VerdictCache& verdictCache() {
  static VerdictCache cache;
  return cache;
}

}  // namespace

std::string_view memoKey(const ast::Instruction& in, const RegisterResolver& registers, CheckMemo::Scratch& scratch,
                         bool leave_out_literals, bool* left_out) {
  MemoKey key(in, registers, scratch, leave_out_literals);
  std::string_view built = key.build();
  if (left_out != nullptr) *left_out = key.leftOut();
  return built;
}

std::optional<bool> findVerdict(std::string_view key) { return verdictCache().find(key); }
void keepVerdict(std::string_view key, bool checked) { verdictCache().insert(key, checked); }

void forEachKeptVerdict(const std::function<void(std::string_view key, bool checked)>& visit) {
  verdictCache().forEach(visit);
}
void forgetKeptVerdicts() { verdictCache().clear(); }

std::optional<bool> seededVerdict(std::string_view key) {
  const VerdictSeed& seed = kVerdictSeed;
  const std::size_t bar = key.find('|');
  if (seed.slot_count == 0 || bar == std::string_view::npos || key.size() - bar - 1 > UINT16_MAX) return std::nullopt;
  // The module's context: one of the seed's, the one last asked nearly always.
  const std::string_view context = key.substr(0, bar + 1), form = key.substr(bar + 1);
  thread_local std::size_t last = 0;
  std::size_t index = last;
  if (index >= seed.context_count || seed.contexts[index] != context) {
    index = 0;
    while (index < seed.context_count && seed.contexts[index] != context) ++index;
    if (index == seed.context_count) return std::nullopt;
    last = index;
  }
  const std::uint32_t bit = std::uint32_t{1} << index;
  const std::uint64_t hash = support::hashBytes(form);
  const std::uint16_t tag = seedTag(hash);
  const std::size_t mask = seed.slot_count - 1;
  // The index alone turns away a form the seed lacks; a record is read only
  // for a slot of the form's tag and size (verdict_seed.h).
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    const SeedSlot& slot = seed.slots[i];
    if (slot.tag == 0) return std::nullopt;
    if (slot.tag != tag || slot.size != form.size()) continue;
    const char* record = seed.records + slot.record;
    if (form != std::string_view(record + kSeedRecordHeader, slot.size)) continue;
    if ((seedWord(record) & bit) == 0) return std::nullopt;
    return (seedWord(record + 4) & bit) != 0;
  }
}

}  // namespace ptxlint::sema::engine

namespace ptxlint::sema {

CheckMemo::CheckMemo(const ModuleContext& context) {
  std::string prefix = (context.version ? context.version->str() : std::string("-")) + "/" +
                       (context.target ? context.target->str() : std::string("-")) +
                       (context.target && context.target->maps_f64 ? "+map_f64" : "") + "/" +
                       (context.version_overridden ? "V" : "") + (context.target_overridden ? "T" : "") + "/" +
                       std::to_string(context.address_size) + "/" +
                       (context.ptxas != nullptr ? std::string(context.ptxas->version) : std::string("-")) + "|";
  std::memcpy(scratch_.bytes, prefix.data(), prefix.size());
  scratch_.context_size = prefix.size();
}

std::optional<bool> CheckMemo::find(std::string_view key) const { return engine::findVerdict(key); }
void CheckMemo::insert(std::string_view key, bool checked) { engine::keepVerdict(key, checked); }

}  // namespace ptxlint::sema
