// Where the instruction tables' memory may come from.
//
// The tables (spec::Registry) are built once per process, at the first
// instruction of each family, and live as long as the process. Built with
// the general allocator they cost as much in malloc and free as in building
// (a third of a cold run on a 5 KB kernel, #27). A program that replaces the
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
