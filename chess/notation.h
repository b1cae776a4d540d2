// Move notation: SAN (reading tolerant of real-world PGN, writing standard) and UCI text.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "chess/move.h"
#include "chess/position.h"

namespace quarry::chess {

// A SAN as characters held by value (no allocation), for writers with a buffer of their own.
struct SanText {
  static constexpr std::size_t kCapacity = 7;  // the longest SAN: "Qa1xb2#", "exd8=Q#"
  std::array<char, kCapacity> chars{};
  std::uint8_t size = 0;
  std::string_view view() const { return {chars.data(), size}; }
};

// Standard algebraic notation with minimal disambiguation and +/# suffixes; "--" for the null move.
std::string to_san(const Position& pos, Move m);
// The same, given the position the move leads to (a game tree holds it), which saves replaying it.
std::string to_san(const Position& pos, Move m, const Position& after);
SanText san_text(const Position& pos, Move m, const Position& after);
// The same, told whether a move is known to be playable from `after` (a game tree that goes on
// from it): a check is then '+' without a search for a legal reply. The PGN writer's call, which
// knows it for every move but the last of a line.
SanText san_text(const Position& pos, Move m, const Position& after, bool reply_known);

// Decodes SAN against the legal moves of pos. Accepts the forms seen in real files: O-O / 0-0,
// e8Q and e8=Q, Qh4xe1 (over-disambiguated), a missing or superfluous x, trailing +, #, !, ?,
// !?, ?!, !!, ??, and "--" / "Z0" as the null move. Returns nullopt if no legal move fits or
// the text is ambiguous.
std::optional<Move> parse_san(const Position& pos, std::string_view san);
// parse_san answering Move::none() where it answers nullopt: the PGN reader's per-move call. An
// optional<Move> returned from parse_san's many exits was assembled in memory a byte and two bytes
// at a time and read back as one word, a store-forwarding stall on every move (perf annotate).
Move parse_san_move(const Position& pos, std::string_view san);

// UCI coordinates ("e2e4", "e7e8q"); castling as king-to-destination ("e1g1") in standard
// chess and king-takes-rook in Chess960.
std::string to_uci(const Position& pos, Move m);
std::optional<Move> parse_uci(const Position& pos, std::string_view uci);

}  // namespace quarry::chess
