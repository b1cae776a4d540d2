// Polyglot-compatible Zobrist keys: the random numbers of the Polyglot opening-book format.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "chess/types.h"

namespace quarry::chess {

namespace detail {
// Polyglot's 781 random numbers (chess/zobrist.cpp): 768 piece-square keys (64 per Polyglot piece
// kind: black pawn, white pawn, black knight, …, white king), then 4 castling rights, 8 en passant
// files, 1 side to move. Declared here so that the key updates of every move inline.
extern const std::array<std::uint64_t, 781> kPolyglotRandom64;
inline constexpr std::size_t kCastlingOffset = 768;
inline constexpr std::size_t kEnPassantOffset = 772;
inline constexpr std::size_t kTurnOffset = 780;
// The piece-square numbers again, by Piece::code() (rows of codes that are no piece hold zeros):
// a move's key update looks its numbers up without computing Polyglot's piece kind (~7
// instructions per lookup, four lookups a move).
extern const std::array<std::array<std::uint64_t, 64>, 16> kPieceSquareKeys;
}  // namespace detail

inline std::uint64_t zobrist_piece(Piece p, Square s) {
  return detail::kPieceSquareKeys[p.code()][static_cast<std::size_t>(s.index())];
}
// castling_index = 2 * colour + side (white short 0, white long 1, black short 2, black long 3).
inline std::uint64_t zobrist_castling(int castling_index) {
  return detail::kPolyglotRandom64[detail::kCastlingOffset + static_cast<std::size_t>(castling_index)];
}
inline std::uint64_t zobrist_en_passant(int file) {
  return detail::kPolyglotRandom64[detail::kEnPassantOffset + static_cast<std::size_t>(file)];
}
// XORed in when white is to move.
inline std::uint64_t zobrist_white_to_move() { return detail::kPolyglotRandom64[detail::kTurnOffset]; }

}  // namespace quarry::chess
