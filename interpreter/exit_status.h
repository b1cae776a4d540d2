// The exit statuses every quarry command returns (docs/reliability.md lists them for users).
#pragma once

namespace quarry::interpreter {

inline constexpr int kExitQueryError = 1;  // the query did not compile, or games failed at run time
inline constexpr int kExitUsage = 2;       // the command line is wrong
inline constexpr int kExitIo = 3;          // an input or output could not be read or written

}  // namespace quarry::interpreter
