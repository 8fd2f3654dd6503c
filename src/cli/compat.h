// --compat for the command-line programs: which ptxas is there and which
// release it is (`ptxas --version`), and the deviation table as a listing
// (--list-deviations; its markdown form is README's "The manual and ptxas").
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ptxlint::cli {

// The ptxas --compat=ptxas reads: $PTXLINT_PTXAS, else the first `ptxas` on
// PATH. Empty if there is none.
std::string findPtxas();

// "13.0" from `PATH --version` ("Cuda compilation tools, release 13.0,
// V13.0.88"); a shell shim that execs ptxas works too. nullopt (with
// `error` set) if it cannot be run or says no release.
std::optional<std::string> ptxasRelease(const std::string& path, std::string& error);

// --compat=VALUE -> Options::compat ("" for the manual), or nullopt with
// `error` set. "ptxas" reads the release of findPtxas().
std::optional<std::string> resolveCompat(std::string_view value, std::string& error);

// The deviation table: tab-separated, or ("markdown") README's section.
std::string listDeviations(std::string_view format);

}  // namespace ptxlint::cli
