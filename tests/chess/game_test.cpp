// Tests of Game: tags, tree building (copy-make), mainline, pre-order and reuse after clear().
#include "chess/game.h"

#include <catch2/catch.hpp>
#include <utility>
#include <vector>

#include "chess/notation.h"

using namespace quarry::chess;

namespace {

NodeId play(Game& g, NodeId parent, std::string_view san) {
  auto m = parse_san(g.node(parent).position, san);
  REQUIRE(m);
  return g.add_child(parent, *m);
}

}  // namespace

TEST_CASE("game: tags", "[game]") {
  Game g;
  CHECK(g.tag("Event") == nullptr);
  g.set_tag("Event", "Casual");
  g.add_tag("White", "A");
  g.add_tag("White", "B");  // duplicates are kept
  g.set_tag("Event", "Match");
  REQUIRE(g.tags().size() == 3);
  CHECK(*g.tag("Event") == "Match");
  CHECK(*g.tag("White") == "A");
  CHECK(g.tag("white") == nullptr);
  g.remove_tag("White");
  CHECK(*g.tag("White") == "B");
  g.remove_tag("Nothing");
  CHECK(g.tags().size() == 2);
}

TEST_CASE("game: tags after clear() and remove_tag reuse slots without showing old ones", "[game]") {
  auto names_values = [](const Game& g) {
    std::string s;
    for (const Tag& t : g.tags()) s += t.name + "=" + t.value + ";";
    return s;
  };
  Game g;
  g.add_tag("Event", "A long event name past the short-string buffer");
  g.add_tag("Site", "Paris");
  g.add_tag("Round", "1");
  g.clear();
  CHECK(g.tags().empty());
  CHECK(g.tag("Event") == nullptr);
  g.add_tag("Event", "B");   // same name in the same slot
  g.add_tag("White", "Tal");  // another name in a used slot
  CHECK(names_values(g) == "Event=B;White=Tal;");
  CHECK(g.tag("Site") == nullptr);
  CHECK(g.tag("Round") == nullptr);  // the third slot is free, not a tag
  g.remove_tag("Event");
  CHECK(names_values(g) == "White=Tal;");
  g.add_tag("Black", "Botvinnik");
  g.add_tag("Result", "1-0");
  g.add_tag("Date", "1960.??.??");  // past every slot used before: a new one
  CHECK(names_values(g) == "White=Tal;Black=Botvinnik;Result=1-0;Date=1960.??.??;");
  g.set_tag("Result", "0-1");
  CHECK(*g.tag("Result") == "0-1");
  const Game copy = g;
  CHECK(names_values(copy) == names_values(g));
  g.clear();
  g.set_tag("Event", "C");
  CHECK(names_values(g) == "Event=C;");
}

TEST_CASE("game: a moved-from game has no tags and takes new ones", "[game]") {
  // Its slots went with the move; a count left behind would index past them.
  Game g;
  g.add_tag("Event", "A long event name past the short-string buffer");
  g.add_tag("Site", "Paris");
  Game moved = std::move(g);
  CHECK(moved.tags().size() == 2);
  CHECK(*moved.tag("Site") == "Paris");
  CHECK(g.tags().empty());  // NOLINT(bugprone-use-after-move): the state after a move is the test
  g.add_tag("White", "Tal");
  CHECK(g.tags().size() == 1);
  CHECK(*g.tag("White") == "Tal");
  Game assigned;
  assigned.add_tag("Round", "1");
  assigned = std::move(moved);
  CHECK(assigned.tags().size() == 2);
  CHECK(moved.tags().empty());  // NOLINT(bugprone-use-after-move)
  moved.set_tag("Black", "Botvinnik");
  CHECK(*moved.tag("Black") == "Botvinnik");
}

TEST_CASE("game: tree building and navigation", "[game]") {
  Game g;
  REQUIRE(g.node_count() == 1);
  CHECK(g.node(g.root()).position == Position::initial());
  const NodeId e4 = play(g, g.root(), "e4");
  const NodeId e5 = play(g, e4, "e5");
  const NodeId c5 = play(g, e4, "c5");
  const NodeId nf3 = play(g, e5, "Nf3");
  const NodeId nf3b = play(g, c5, "Nf3");
  const NodeId e6 = play(g, e4, "e6");
  const NodeId null = g.add_child(nf3, Move::null());
  // Each node keeps its own position: playing on one branch leaves the others alone.
  CHECK(g.node(e4).position.side_to_move() == Color::Black);
  CHECK(g.node(nf3).position.piece_at(Square(4, 4)) == Piece(Color::Black, PieceType::Pawn));
  CHECK(g.node(nf3b).position.piece_at(Square(2, 4)) == Piece(Color::Black, PieceType::Pawn));
  CHECK(g.node(null).position.side_to_move() == Color::White);
  CHECK(g.node(null).ply == 4);
  CHECK(g.mainline_child(e4) == e5);
  CHECK(g.node(e5).next_sibling == c5);
  CHECK(g.node(c5).next_sibling == e6);
  CHECK(g.node(nf3b).parent == c5);
  CHECK(g.is_mainline(nf3));
  CHECK(g.is_mainline(null));
  CHECK_FALSE(g.is_mainline(c5));
  CHECK_FALSE(g.is_mainline(nf3b));
  // Pre-order: the whole mainline continuation before the variations of the first move.
  CHECK(g.preorder() == std::vector<NodeId>{g.root(), e4, e5, nf3, null, c5, nf3b, e6});
  CHECK(g.position_ids()[c5] == 5);
  // Adding a node invalidates the cached order.
  const NodeId d5 = play(g, nf3b, "d5");
  CHECK(g.preorder().back() == e6);
  CHECK(g.position_ids()[d5] == 7);
}

TEST_CASE("game: a tree grown past the heap keeps every node as it was added", "[game]") {
  // Knights out and back, 4,000 moves, with a variation at every tenth: the node array doubles
  // past 128 KiB several times (Game::grow_nodes maps those pages before it copies the nodes).
  Game g;
  const char* const cycle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  std::vector<NodeId> mainline{g.root()};
  std::vector<std::pair<NodeId, NodeId>> variations;  // (node, its parent)
  for (int i = 0; i < 4000; ++i) {
    const NodeId parent = mainline.back();
    mainline.push_back(play(g, parent, cycle[i % 4]));
    // i is even here: White is to move, at home (i % 4 == 0) or with the knight on f3.
    if (i % 10 == 0) variations.emplace_back(play(g, parent, i % 4 == 0 ? "Nc3" : "a3"), parent);
  }
  REQUIRE(g.node_count() * sizeof(GameNode) > (std::size_t{1} << 20));
  for (std::size_t i = 1; i < mainline.size(); ++i) {
    const GameNode& node = g.node(mainline[i]);
    CHECK(node.parent == mainline[i - 1]);
    CHECK(node.ply == i);
    CHECK(g.mainline_child(mainline[i - 1]) == mainline[i]);
    // Every fourth move the knights are home again.
    if (i % 4 == 0) {
      bool home = true;
      for (int sq = 0; sq < 64; ++sq) home = home && node.position.piece_at(Square(sq)) == Position::initial().piece_at(Square(sq));
      CHECK(home);
    }
  }
  for (const auto& [variation, parent] : variations) {
    CHECK(g.node(variation).parent == parent);
    CHECK(g.node(g.mainline_child(parent)).next_sibling == variation);
  }
}

TEST_CASE("game: set_start and clear", "[game]") {
  Game g;
  play(g, g.root(), "d4");
  g.set_tag("Event", "x");
  g.result() = "1-0";
  auto start = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  REQUIRE(start);
  g.set_start(*start);
  CHECK(g.node_count() == 1);
  CHECK(g.node(0).position == *start);
  CHECK(g.preorder().size() == 1);
  play(g, g.root(), "O-O");
  g.clear();
  CHECK(g.tags().empty());
  CHECK(g.result().empty());
  CHECK(g.node_count() == 1);
  CHECK(g.node(0).position == Position::initial());
  // Tags added after clear() reuse the old storage but carry the new text.
  g.add_tag("Site", "y");
  CHECK(*g.tag("Site") == "y");
  CHECK(g.tag("Event") == nullptr);
}

TEST_CASE("game: annotations beside the tree", "[game]") {
  Game g;
  const NodeId e4 = play(g, g.root(), "e4");
  const NodeId e5 = play(g, e4, "e5");
  // A node without annotations reads empty lists, and reading makes no entry.
  CHECK(g.annotations(e4) == NodeAnnotations{});
  CHECK(g.node(e4).annotation_index == kNoAnnotations);
  g.edit_annotations(e5).comments_after.push_back("solid");
  g.edit_annotations(e4).nags.push_back(1);
  g.edit_annotations(e5).comments_before.push_back("or");
  CHECK(g.annotations(e5).comments_after == std::vector<std::string>{"solid"});
  CHECK(g.annotations(e5).comments_before == std::vector<std::string>{"or"});
  CHECK(g.annotations(e4).nags == std::vector<std::uint8_t>{1});
  CHECK(g.annotations(g.root()) == NodeAnnotations{});
  // A copy of the game carries them; a node of no game (an imaginary one) has none.
  const Game copy = g;
  CHECK(copy.annotations(e5).comments_after == std::vector<std::string>{"solid"});
  CHECK(copy.annotations(GameNode{}) == NodeAnnotations{});
  // Nodes added after annotated ones start without any, and so do the next game's after clear().
  const NodeId nf3 = play(g, e5, "Nf3");
  CHECK(g.annotations(nf3) == NodeAnnotations{});
  g.clear();
  play(g, g.root(), "e4");
  CHECK(g.annotations(1) == NodeAnnotations{});
  CHECK(g.annotations(g.root()) == NodeAnnotations{});
}
