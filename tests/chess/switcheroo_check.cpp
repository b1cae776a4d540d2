// Independent check of the mutual switcheroos seed 003's finder reports over the corpus
// (tests/data/switcheroos_corpus.tsv, one line per reported position: corpus file, game number,
// FEN, the "Mutual switcheroo" and "Tries" comments). For each: the position is in that game;
// each solution swap mates (legal moves generated, king attacked); each try swap mates and its
// position is unreachable by an argument that shares no code with reachableposition: checks by
// a search of every predecessor board with forward move generation, pawn structures by trying
// every assignment of pawns to files, trapped bishops by the squares around them.
// Usage: switcheroo_check DATA CORPUS_DIR   (exit 77 when the corpus is absent)
#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "chess/attacks.h"
#include "chess/movegen.h"
#include "chess/pgn_reader.h"

using namespace quarry::chess;

namespace {

int failures = 0;

void fail(const std::string& fen, const std::string& what) {
  ++failures;
  std::cerr << fen << ": " << what << "\n";
}

// The board as 64 characters, a8 first ('.' empty), and back.
std::string board_of(const std::string& fen) {
  std::string board;
  for (char c : fen.substr(0, fen.find(' '))) {
    if (c == '/') continue;
    if (c >= '1' && c <= '8') board.append(static_cast<std::size_t>(c - '0'), '.');
    else board += c;
  }
  return board;
}

std::string fen_of(const std::string& board, char side, const std::string& castling, const std::string& ep) {
  std::string fen;
  for (int rank = 0; rank < 8; ++rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const char c = board[static_cast<std::size_t>(rank * 8 + file)];
      if (c == '.') { ++empty; continue; }
      if (empty) fen += static_cast<char>('0' + empty);
      empty = 0;
      fen += c;
    }
    if (empty) fen += static_cast<char>('0' + empty);
    if (rank < 7) fen += '/';
  }
  return fen + " " + side + " " + castling + " " + ep + " 0 1";
}

int index_of_square(const std::string& name) { return (7 - (name[1] - '1')) * 8 + (name[0] - 'a'); }
bool white_piece(char c) { return c >= 'A' && c <= 'Z'; }

// The king of the side to move stands attacked: every enemy man's attacks, worked out here.
bool side_to_move_in_check(const Position& pos) {
  const Color us = pos.side_to_move();
  SquareSet attacked;
  for (Square s : pos.pieces(~us)) attacked |= piece_attacks(pos.piece_at(s), s, pos.occupied());
  return attacked.contains(pos.king(us));
}

bool checkmated(const Position& pos) {
  MoveList moves;
  generate_legal_moves(pos, moves);
  return moves.empty() && side_to_move_in_check(pos);
}

// A board a game can have: no pawn on the first or last rank; per side at most 8 pawns and 16
// men, and no more pieces beyond the initial set (by type) than pawns missing.
bool sane_material(const std::string& board) {
  for (int i = 0; i < 8; ++i) {
    if (std::string("Pp").find(board[static_cast<std::size_t>(i)]) != std::string::npos ||
        std::string("Pp").find(board[static_cast<std::size_t>(56 + i)]) != std::string::npos)
      return false;
  }
  for (bool white : {true, false}) {
    const auto count = [&](char upper) {
      const char c = white ? upper : static_cast<char>(upper - 'A' + 'a');
      int n = 0;
      for (char x : board) n += x == c;
      return n;
    };
    const auto excess = [&](char upper, int initial) { return std::max(0, count(upper) - initial); };
    const int pawns = count('P');
    const int men = pawns + count('N') + count('B') + count('R') + count('Q') + count('K');
    const int promoted = excess('N', 2) + excess('B', 2) + excess('R', 2) + excess('Q', 1);
    if (pawns > 8 || men > 16 || promoted > 8 - pawns || count('K') != 1) return false;
  }
  return true;
}

struct Candidate {
  std::string board;
  std::string en_passant = "-";
  std::string castling = "-";
};

// Every board one move earlier: each man of the side that moved back on each empty square, with
// each man it may have taken restored, as the pawn it promoted from, and by en passant.
std::vector<Candidate> one_man_back(const std::string& board, bool white_moved) {
  const std::string restored = white_moved ? "pnbrq" : "PNBRQ";
  const char pawn = white_moved ? 'P' : 'p';
  std::vector<Candidate> out;
  for (int t = 0; t < 64; ++t) {
    const char man = board[static_cast<std::size_t>(t)];
    if (man == '.' || white_piece(man) != white_moved) continue;
    const bool last_rank = white_moved ? t < 8 : t >= 56;
    for (int f = 0; f < 64; ++f) {
      if (board[static_cast<std::size_t>(f)] != '.') continue;
      std::vector<char> movers{man};
      if (last_rank && std::string("NBRQnbrq").find(man) != std::string::npos) movers.push_back(pawn);
      for (char was : movers) {
        for (char taken : std::string(".") + restored) {
          std::string b = board;
          b[static_cast<std::size_t>(f)] = was;
          b[static_cast<std::size_t>(t)] = taken;
          out.push_back({b});
        }
      }
      const int behind = t + (white_moved ? 8 : -8);  // where a pawn taken en passant stood
      if (man != pawn || behind < 0 || behind >= 64 || board[static_cast<std::size_t>(behind)] != '.') continue;
      std::string b = board;
      b[static_cast<std::size_t>(f)] = man;
      b[static_cast<std::size_t>(t)] = '.';
      b[static_cast<std::size_t>(behind)] = white_moved ? 'p' : 'P';
      out.push_back({b, std::string(1, static_cast<char>('a' + t % 8)) + static_cast<char>('1' + 7 - t / 8)});
    }
  }
  return out;
}

// The boards before a castling: king and rook back on their squares, with the right to castle.
std::vector<Candidate> castled_back(const std::string& board, bool white_moved) {
  const int rank = white_moved ? 56 : 0;
  const char king = white_moved ? 'K' : 'k';
  const char rook = white_moved ? 'R' : 'r';
  std::vector<Candidate> out;
  for (auto [king_to, rook_to, rook_from] : {std::array<int, 3>{6, 5, 7}, std::array<int, 3>{2, 3, 0}}) {
    const char right = static_cast<char>((king_to == 6 ? 'K' : 'Q') + (white_moved ? 0 : 'a' - 'A'));
    std::string b = board;
    if (b[static_cast<std::size_t>(rank + king_to)] != king || b[static_cast<std::size_t>(rank + rook_to)] != rook ||
        b[static_cast<std::size_t>(rank + 4)] != '.' || b[static_cast<std::size_t>(rank + rook_from)] != '.')
      continue;
    b[static_cast<std::size_t>(rank + king_to)] = b[static_cast<std::size_t>(rank + rook_to)] = '.';
    b[static_cast<std::size_t>(rank + 4)] = king;
    b[static_cast<std::size_t>(rank + rook_from)] = rook;
    out.push_back({b, "-", std::string(1, right)});
  }
  return out;
}

// Some board and move lead here: a predecessor with the other side to move, its opponent's king
// not attacked, from which a legal move gives this board.
bool has_predecessor(const std::string& board, bool white_moved) {
  std::vector<Candidate> candidates = one_man_back(board, white_moved);
  for (Candidate& c : castled_back(board, white_moved)) candidates.push_back(std::move(c));
  for (const auto& [b, ep, castling] : candidates) {
    if (!sane_material(b)) continue;
    const std::optional<Position> before = Position::from_fen(fen_of(b, white_moved ? 'w' : 'b', castling, ep));
    // The side that did not move must not stand in check.
    const std::optional<Position> flipped = Position::from_fen(fen_of(b, white_moved ? 'b' : 'w', "-", "-"));
    if (!before || !flipped || side_to_move_in_check(*flipped)) continue;
    MoveList moves;
    generate_legal_moves(*before, moves);
    for (Move m : moves) {
      if (board_of(before->after(m).fen()) == board) return true;
    }
  }
  return false;
}

// The least captures that put `white`'s pawns where they stand, trying every assignment of
// pawns to distinct starting files (a pawn on relative rank r made at most r - 1 captures); -1
// when there is none.
int least_pawn_captures(const std::string& board, bool white) {
  std::vector<std::pair<int, int>> pawns;  // file, captures it can have made
  for (int i = 0; i < 64; ++i) {
    if (board[static_cast<std::size_t>(i)] != (white ? 'P' : 'p')) continue;
    const int rank = 7 - i / 8;  // 0 = first rank
    pawns.push_back({i % 8, (white ? rank : 7 - rank) - 1});
  }
  int best = -1;
  std::vector<bool> used(8, false);
  const auto search = [&](auto& self, std::size_t k, int cost) -> void {
    if (k == pawns.size()) {
      if (best < 0 || cost < best) best = cost;
      return;
    }
    for (int file = 0; file < 8; ++file) {
      const int shift = file > pawns[k].first ? file - pawns[k].first : pawns[k].first - file;
      if (used[static_cast<std::size_t>(file)] || shift > pawns[k].second) continue;
      used[static_cast<std::size_t>(file)] = true;
      self(self, k + 1, cost + shift);
      used[static_cast<std::size_t>(file)] = false;
    }
  };
  search(search, 0, 0);
  return best;
}

int men_of(const std::string& board, bool white) {
  int n = 0;
  for (char c : board) n += c != '.' && white_piece(c) == white;
  return n;
}

// More promoted pieces than missing pawns: pieces beyond the initial set, a second bishop of one
// square colour, and a bishop of a colour whose original never left home (both pawns in front of
// its square unmoved, the square not holding it) and so is gone.
bool promotions_beyond_missing_pawns(const std::string& board, bool white) {
  const auto is = [&](int i, char upper) {
    return board[static_cast<std::size_t>(i)] == (white ? upper : static_cast<char>(upper - 'A' + 'a'));
  };
  int pawns = 0;
  std::array<int, 2> bishops{};  // on light, dark squares
  std::array<int, 3> others{};   // knights, rooks, queens
  for (int i = 0; i < 64; ++i) {
    pawns += is(i, 'P');
    if (is(i, 'B')) ++bishops[static_cast<std::size_t>(((i / 8) + (i % 8)) % 2 == 0 ? 0 : 1)];  // a8 is light
    others[0] += is(i, 'N');
    others[1] += is(i, 'R');
    others[2] += is(i, 'Q');
  }
  int promoted = std::max(0, others[0] - 2) + std::max(0, others[1] - 2) + std::max(0, others[2] - 1);
  const int home_rank = white ? 7 : 0;   // row in the board string
  const int pawn_row = white ? 6 : 1;
  for (int file : {2, 5}) {
    const int home = home_rank * 8 + file;
    const std::size_t shade = ((home / 8) + (home % 8)) % 2 == 0 ? 0 : 1;
    const bool shut = is(pawn_row * 8 + file - 1, 'P') && is(pawn_row * 8 + file + 1, 'P') && !is(home, 'B');
    promoted += shut ? bishops[shade] : std::max(0, bishops[shade] - 1);
  }
  return promoted > 8 - pawns;
}

// The original `type` of `white` starting on `home` can only ever have stood on its back rank
// (walled in by unmoved pawns and by original pieces themselves walled in at home) and no such
// piece stands there now: it was taken there.
bool walled_in_and_gone(const std::string& board, bool white, int home, char type) {
  std::vector<bool> wall(64, false);
  for (int file = 0; file < 8; ++file) {
    wall[static_cast<std::size_t>(8 + file)] = board[static_cast<std::size_t>(8 + file)] == 'p';
    wall[static_cast<std::size_t>(48 + file)] = board[static_cast<std::size_t>(48 + file)] == 'P';
  }
  const auto region_of = [&](int start, char kind) {
    std::vector<bool> in(64, false);
    std::vector<int> todo{start};
    in[static_cast<std::size_t>(start)] = true;
    const bool straight = kind != 'B';
    const bool diagonal = kind != 'R';
    while (!todo.empty()) {
      const int at = todo.back();
      todo.pop_back();
      for (int dr = -1; dr <= 1; ++dr) {
        for (int df = -1; df <= 1; ++df) {
          if ((dr == 0 && df == 0) || (dr != 0 && df != 0 ? !diagonal : !straight)) continue;
          const int r = at / 8 + dr;
          const int f = at % 8 + df;
          if (r < 0 || r > 7 || f < 0 || f > 7 || wall[static_cast<std::size_t>(r * 8 + f)] || in[static_cast<std::size_t>(r * 8 + f)]) continue;
          in[static_cast<std::size_t>(r * 8 + f)] = true;
          todo.push_back(r * 8 + f);
        }
      }
    }
    return in;
  };
  // Original pieces alone on their home square (nothing of their kind can enter) never moved.
  for (bool grew = true; grew;) {
    grew = false;
    for (int row : {0, 7}) {
      for (auto [file, kind] : {std::pair{0, 'R'}, {2, 'B'}, {3, 'Q'}, {5, 'B'}, {7, 'R'}}) {
        const int sq = row * 8 + file;
        const char piece = row == 7 ? kind : static_cast<char>(kind - 'A' + 'a');
        if (wall[static_cast<std::size_t>(sq)] || board[static_cast<std::size_t>(sq)] != piece) continue;
        const std::vector<bool> region = region_of(sq, kind);
        if (std::count(region.begin(), region.end(), true) == 1) {
          wall[static_cast<std::size_t>(sq)] = true;
          grew = true;
        }
      }
    }
  }
  const std::vector<bool> region = region_of(home, type);
  const char piece = white ? type : static_cast<char>(type - 'A' + 'a');
  const int back_row = white ? 7 : 0;
  for (int i = 0; i < 64; ++i) {
    if (!region[static_cast<std::size_t>(i)]) continue;
    if (i / 8 != back_row || board[static_cast<std::size_t>(i)] == piece) return false;
  }
  return true;
}

// Why the position after a try is unreachable, argued without reachableposition's code.
bool independently_unreachable(const std::string& board, bool white_to_move, const std::string& reason) {
  std::smatch m;
  if (std::regex_match(reason, m, std::regex("Impossible check of (White|Black) King")))
    return (m[1] == "White") == white_to_move && !has_predecessor(board, !white_to_move);
  if (std::regex_match(reason, m, std::regex("(White|Black) Pawn structure implies (\\d+) captures? but (White|Black) is "
                                             "only missing (\\d+) pieces?"))) {
    const bool white = m[1] == "White";
    const int least = least_pawn_captures(board, white);
    const int missing = 16 - men_of(board, !white);
    return least == std::stoi(m[2]) && missing == std::stoi(m[4]) && least > missing;
  }
  if (std::regex_match(reason, m, std::regex("Impossible (White|Black) Pawn structure \\(.*\\)")))
    return least_pawn_captures(board, m[1] == "White") < 0;
  if (std::regex_match(reason, m, std::regex("Impossibly trapped (White|Black) Bishop on square ([a-h][1-8])"))) {
    // On a back rank, not its starting square, every square it can have come from (diagonally,
    // or as the pawn that promoted there) held by a pawn that never moved.
    const bool white = m[1] == "White";
    const std::string square = m[2];
    const int rank = square[1] - '1';
    const int file = square[0] - 'a';
    if (rank != 0 && rank != 7) return false;
    const bool own_rank = (rank == 0) == white;
    const bool light = (rank + file) % 2 == 1;
    if (own_rank && file == ((white == light) ? 5 : 2)) return false;  // its starting square
    const int pawn_rank = rank == 0 ? 1 : 6;
    const char pawn = pawn_rank == 1 ? 'P' : 'p';
    for (int df = -1; df <= 1; ++df) {
      if (file + df < 0 || file + df > 7 || (df == 0 && own_rank)) continue;
      if (board[static_cast<std::size_t>((7 - pawn_rank) * 8 + file + df)] != pawn) return false;
    }
    return true;
  }
  if (std::regex_match(reason, m, std::regex("Position implies (\\d+) (White|Black) Pawn promotions? but .*")))
    return promotions_beyond_missing_pawns(board, m[2] == "White");
  if (std::regex_match(reason, m, std::regex("All of (White|Black)'s missing pieces were captured by (White|Black) Pawns "
                                             "currently on the board but missing trapped ([a-h][1-8]) (Rook|Bishop|Queen) "
                                             "could not have been captured by one of these Pawns"))) {
    const bool white = m[1] == "White";
    const std::string home = m[3];
    const char type = m[4] == "Rook" ? 'R' : m[4] == "Bishop" ? 'B' : 'Q';
    return least_pawn_captures(board, !white) == 16 - men_of(board, white) &&
           walled_in_and_gone(board, white, index_of_square(home), type);
  }
  return false;  // a reason with no independent argument here: the check fails until one is added
}

// The board after swapping two men named as the finder names them ("Ph2", "qe7"), or empty when
// the names do not fit the board.
std::string swapped(const std::string& board, const std::string& a, const std::string& b) {
  const auto at = [](const std::string& man) { return static_cast<std::size_t>(index_of_square(man.substr(1))); };
  if (board[at(a)] != a[0] || board[at(b)] != b[0]) return {};
  std::string out = board;
  std::swap(out[at(a)], out[at(b)]);
  return out;
}

bool mates(const std::string& board, bool white_to_move) {
  const std::optional<Position> pos = Position::from_fen(fen_of(board, white_to_move ? 'w' : 'b', "-", "-"));
  return pos && checkmated(*pos);
}

bool position_in_game(const std::string& path, long number, const std::string& fen) {
  std::string error;
  auto reader = PgnReader::open(path, &error);
  if (!reader) return false;
  Game game;
  PgnDiagnostic diagnostic;
  for (long n = 1;; ++n) {
    const PgnReader::Status status = reader->next(game, diagnostic);
    if (status == PgnReader::Status::End) return false;
    if (n != number || status != PgnReader::Status::Game) continue;
    for (std::size_t id = 0; id < game.node_count(); ++id) {
      const std::string here = game.node(static_cast<NodeId>(id)).position.fen();
      if (board_of(here) == board_of(fen) && here.substr(here.find(' '), 3) == fen.substr(fen.find(' '), 3)) return true;
    }
    return false;
  }
}

void check_record(const std::string& corpus, const std::vector<std::string>& field) {
  const std::string& fen = field[2];
  if (!position_in_game(corpus + "/" + field[0], std::stol(field[1]), fen)) fail(fen, "not in game " + field[1]);
  const std::string board = board_of(fen);
  const bool white_to_move = fen.find(" w ") != std::string::npos;
  const std::regex swap_text("([KQRBNPkqrbnp][a-h][1-8]) <--> ([KQRBNPkqrbnp][a-h][1-8])");
  std::vector<std::smatch> solutions;
  for (auto it = std::sregex_iterator(field[3].begin(), field[3].end(), swap_text); it != std::sregex_iterator(); ++it)
    solutions.push_back(*it);
  if (solutions.size() != 2) return fail(fen, "not two solutions: " + field[3]);
  for (std::size_t i = 0; i < 2; ++i) {
    const std::string after = swapped(board, solutions[i][1], solutions[i][2]);
    const bool to_move = i == 0 ? white_to_move : !white_to_move;  // the second mates the other side
    if (after.empty() || !mates(after, to_move)) fail(fen, "solution does not mate: " + solutions[i].str());
  }
  const std::regex try_text("([KQRBNPkqrbnp][a-h][1-8]) <--> ([KQRBNPkqrbnp][a-h][1-8])\\?: <Unreachable position: ([^>]*)>");
  int tries = 0;
  for (auto it = std::sregex_iterator(field[4].begin(), field[4].end(), try_text); it != std::sregex_iterator(); ++it) {
    ++tries;
    const std::smatch& t = *it;
    const std::string after = swapped(board, t[1], t[2]);
    // A try mates one side or the other; each of its reasons alone proves it unreachable.
    bool proven = false;
    for (bool to_move : {white_to_move, !white_to_move}) {
      if (after.empty() || !mates(after, to_move)) continue;
      std::stringstream reasons(t[3].str());
      for (std::string reason; std::getline(reasons, reason, ';');) {
        if (reason.front() == ' ') reason.erase(0, 1);
        proven |= independently_unreachable(after, to_move, reason);
      }
    }
    if (!proven) fail(fen, "try not shown mating and unreachable: " + t.str());
  }
  if (tries < 2) fail(fen, "fewer than two tries: " + field[4]);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: switcheroo_check DATA CORPUS_DIR\n";
    return 2;
  }
  if (!std::filesystem::is_directory(argv[2])) {
    std::cout << "no corpus: skipped\n";
    return 77;
  }
  std::ifstream data(argv[1]);
  int records = 0;
  for (std::string line; std::getline(data, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> field;
    std::stringstream cells(line);
    for (std::string cell; std::getline(cells, cell, '\t');) field.push_back(cell);
    if (field.size() != 5) {
      fail(line, "not 5 tab-separated fields");
      continue;
    }
    ++records;
    check_record(argv[2], field);
  }
  std::cout << records << " reported switcheroos checked, " << failures << " failures\n";
  return failures == 0 && records > 0 ? 0 : 1;
}
