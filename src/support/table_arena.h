// Where the memory of tables built at run time may come from.
//
// The instruction tables are constant data (spec/families.h); what is still
// built once per process, at first use, and kept as long as the process is
// the deviation table's index by opcode (engine/deviation_check.cpp). Built
// with the general allocator, such tables cost as much in malloc and free
// as in building (#27). A program that replaces the
// global operator new (the CLI, src/cli/table_allocation.cpp) serves what is
// allocated while `building_tables` is set from a bump arena that is never
// given back; a program that does not (the library's users) allocates as
// usual, and nothing else differs.
#pragma once

namespace ptxlint::support {

inline thread_local bool building_tables = false;

// Sets building_tables for its lifetime.
class BuildingTables {
 public:
  BuildingTables() : was_(building_tables) { building_tables = true; }
  ~BuildingTables() { building_tables = was_; }
  BuildingTables(const BuildingTables&) = delete;
  BuildingTables& operator=(const BuildingTables&) = delete;

 private:
  bool was_;
};

}  // namespace ptxlint::support
