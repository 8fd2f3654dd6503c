// Giving a mapped input's pages back to the kernel behind a pass over it.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ptxlint::support {

// The text of Options::input_is_file_mapping: a read-only private file
// mapping. Each linear pass over it (the encoding check, the prescan, the
// parse, the suppression search) calls releaseBefore(offset) as it goes, so
// that the whole pages it has finished with leave the process's memory
// (madvise MADV_DONTNEED; read again from the file if something looks back,
// as a diagnostic's line does). Memory then follows the chunk being worked
// on, not the file. With a text that is not such a mapping, it does nothing.
class InputPages {
 public:
  InputPages(std::string_view text, bool releasable) : text_(text), releasable_(releasable) {}

  // A pass starts again from the beginning of the text.
  void restart() { released_ = 0; }

  // The pass is done with the bytes before `offset`. Pages are given back
  // 256 KiB at a time: one system call per 256 KiB.
  void releaseBefore(std::size_t offset) {
    if (!releasable_ || offset < released_ + kStep) return;
    static const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    auto begin = reinterpret_cast<std::uintptr_t>(text_.data() + released_);
    auto end = reinterpret_cast<std::uintptr_t>(text_.data() + offset);
    begin = (begin + page - 1) & ~(page - 1);
    end &= ~(page - 1);
    if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
    released_ = offset;
  }

  bool releasable() const { return releasable_; }

 private:
  static constexpr std::size_t kStep = 256 << 10;
  std::string_view text_;
  bool releasable_;
  std::size_t released_ = 0;
};

}  // namespace ptxlint::support
