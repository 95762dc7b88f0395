#include <gtest/gtest.h>
#include "core/emulate.hpp"
#include "core/input.hpp"
using namespace scanlab;
TEST(Smoke, Runs) {
  ScanRequest r; r.algorithm = Algorithm::hierarchical; r.section = 4;
  Trace t = emulate(r, parse_values("2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2", ElementType::int32));
  EXPECT_EQ(size_of(t.result), 16u);
}
