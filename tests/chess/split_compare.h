// Reads a PGN text twice, whole with one PgnReader (the one-thread run) and cut by PgnSplitter
// into games each read by a reader of its own (the threaded run), and says where they differ.
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "chess/pgn_chunks.h"
#include "chess/pgn_reader.h"
#include "chess/pgn_splitter.h"
#include "chess/pgn_writer.h"

namespace quarry::test {

// Everything a run sees of one game the reader returned.
inline std::string describe_read(chess::PgnReader::Status status, const chess::Game& game,
                                 const chess::PgnDiagnostic& diagnostic,
                                 const std::vector<chess::PgnDiagnostic>& warnings) {
  std::string s = "status " + std::to_string(static_cast<int>(status)) + " line " + std::to_string(game.first_line);
  if (status == chess::PgnReader::Status::Skipped) {
    return s + " skipped at " + std::to_string(diagnostic.line) + ": " + diagnostic.message + "\n";
  }
  for (const chess::PgnDiagnostic& w : warnings) s += " warning " + std::to_string(w.line) + ": " + w.message;
  s += "\n";
  chess::write_pgn(s, game, {});
  return s;
}

// Reads to the End: one description a game, then the End's message.
inline void read_to_end(chess::PgnReader& reader, std::vector<std::string>& out) {
  chess::Game game;
  chess::PgnDiagnostic diagnostic;
  while (true) {
    const chess::PgnReader::Status status = reader.next(game, diagnostic);
    if (status == chess::PgnReader::Status::End) {
      out.push_back("end: " + diagnostic.message);
      return;
    }
    out.push_back(describe_read(status, game, diagnostic, reader.warnings()));
  }
}

// The games as the one-thread run reads them, one description each, then the End's message.
inline std::vector<std::string> read_whole(std::unique_ptr<chess::ByteSource> source, bool strict, bool nested) {
  chess::PgnReader reader(std::move(source), "input");
  reader.set_strict(strict);
  reader.set_nested_comments(nested);
  std::vector<std::string> out;
  read_to_end(reader, out);
  return out;
}

// The split's end: End, or Failed with the text after the failure read by a reader that fails
// the same way, to its End. False for a game's text.
inline void read_failed_tail(const chess::PgnSplitter& splitter, std::string_view text, std::uint64_t first_line,
                             bool strict, bool nested, std::vector<std::string>& out);
inline bool reads_end(chess::PgnSplitter::Status status, const chess::PgnSplitter& splitter, std::string_view text,
                      std::uint64_t first_line, bool strict, bool nested, std::vector<std::string>& out) {
  if (status == chess::PgnSplitter::Status::End) {
    out.push_back("end: ");
    return true;
  }
  if (status != chess::PgnSplitter::Status::Failed) return false;
  read_failed_tail(splitter, text, first_line, strict, nested, out);
  return true;
}

// The text after an input's failure, read by a reader that fails the same way, to its End.
inline void read_failed_tail(const chess::PgnSplitter& splitter, std::string_view text, std::uint64_t first_line,
                             bool strict, bool nested, std::vector<std::string>& out) {
  chess::PgnReader tail(chess::byte_source_from_text(std::string(text), splitter.error()), "input");
  tail.set_strict(strict);
  tail.set_nested_comments(nested);
  tail.start_at_line(first_line);
  read_to_end(tail, out);
}

// The same, through the splitter: each game's text read alone; the text after a failure read by a
// reader that fails the same way.
inline std::vector<std::string> read_split(std::unique_ptr<chess::ByteSource> source, bool strict, bool nested) {
  chess::PgnSplitter splitter(std::move(source), strict, nested);
  auto reader = chess::PgnReader::from_string("");
  reader->set_strict(strict);
  reader->set_nested_comments(nested);
  std::vector<std::string> out;
  chess::Game game;
  chess::PgnDiagnostic diagnostic;
  std::string_view text;
  std::uint64_t first_line = 0;
  while (true) {
    const chess::PgnSplitter::Status status = splitter.next(text, first_line);
    if (reads_end(status, splitter, text, first_line, strict, nested, out)) return out;
    reader->read_text(text, first_line);
    const chess::PgnReader::Status s = reader->next(game, diagnostic);
    if (s == chess::PgnReader::Status::End) {
      out.push_back("the splitter's game is no game to the reader: " + std::string(text.substr(0, 200)));
      continue;
    }
    out.push_back(describe_read(s, game, diagnostic, reader->warnings()));
    if (reader->next(game, diagnostic) != chess::PgnReader::Status::End) {
      out.push_back("the splitter's game holds more than one game: " + std::string(text.substr(0, 200)));
    }
  }
}

// The same, cut into speculative chunks as the threaded run's feed cuts them
// (interpreter/game_feed.cpp): up to `ahead` texts are cut before the oldest is read and checked
// (the run's texts in flight); a chunk that fails its check drops it and every text cut after
// it, and the input is cut again from its start, serially past its end. `failures` counts them.
inline std::vector<std::string> read_chunked(std::unique_ptr<chess::ByteSource> source, bool strict, bool nested,
                                             std::size_t ahead, std::size_t* failures = nullptr) {
  chess::PgnSplitter splitter(std::move(source), strict, nested);
  auto reader = chess::PgnReader::from_string("");
  reader->set_strict(strict);
  reader->set_nested_comments(nested);
  struct Cut {
    std::string_view text;
    std::size_t lookahead;  // read with the chunk (PgnSplitter::next_chunk)
    std::uint64_t first_line, offset, end;
    bool chunk, last;
    std::shared_ptr<const char[]> owner;
  };
  std::deque<Cut> in_flight;
  std::uint64_t serial_until = 0;
  std::vector<std::string> out;
  chess::Game game;
  chess::PgnDiagnostic diagnostic;
  // Reads the oldest text; false when it is a chunk that failed (the splitter is rewound).
  auto retire_one = [&] {
    const Cut cut = in_flight.front();
    in_flight.pop_front();
    reader->read_text(std::string_view(cut.text.data(), cut.text.size() + cut.lookahead), cut.first_line);
    const chess::PgnReader::Status s = reader->next(game, diagnostic);
    if (cut.chunk && !chess::chunk_holds_one_game(*reader, s, cut.text, cut.last)) {
      if (failures != nullptr) ++*failures;
      in_flight.clear();
      splitter.rewind(cut.offset, cut.first_line);
      serial_until = cut.end;
      return false;
    }
    if (s == chess::PgnReader::Status::End) {
      out.push_back("the splitter's game is no game to the reader: " + std::string(cut.text.substr(0, 200)));
      return true;
    }
    out.push_back(describe_read(s, game, diagnostic, reader->warnings()));
    return true;
  };
  auto settle = [&] {
    while (!in_flight.empty()) {
      if (!retire_one()) return false;
    }
    return true;
  };
  std::string_view text;
  std::uint64_t first_line = 0;
  while (true) {
    while (in_flight.size() >= ahead) retire_one();
    splitter.keep_from(in_flight.empty() ? chess::PgnSplitter::kKeepNone : in_flight.front().offset);
    const std::uint64_t start = splitter.offset();
    bool chunk = false, last = false;
    std::size_t lookahead = 0;
    chess::PgnSplitter::Status status = chess::PgnSplitter::Status::Game;
    if (start >= serial_until) {
      switch (splitter.next_chunk(text, first_line, last, lookahead)) {
        case chess::PgnSplitter::ChunkStatus::Chunk: chunk = true; break;
        case chess::PgnSplitter::ChunkStatus::End: status = chess::PgnSplitter::Status::End; break;
        case chess::PgnSplitter::ChunkStatus::Serial: status = splitter.next(text, first_line); break;
      }
    } else {
      status = splitter.next(text, first_line);
    }
    if (status != chess::PgnSplitter::Status::Game && !settle()) continue;
    if (reads_end(status, splitter, text, first_line, strict, nested, out)) return out;
    in_flight.push_back(Cut{text, chunk ? lookahead : 0, first_line, start, splitter.offset(), chunk, last,
                            splitter.text_owner()});
  }
}

inline std::string first_difference(const std::vector<std::string>& whole, const std::vector<std::string>& split) {
  for (std::size_t i = 0; i < whole.size() || i < split.size(); ++i) {
    const std::string a = i < whole.size() ? whole[i] : "(nothing)";
    const std::string b = i < split.size() ? split[i] : "(nothing)";
    if (a != b) return "game " + std::to_string(i + 1) + ": whole:\n" + a + "\nsplit:\n" + b;
  }
  return "";
}

// "" when both readings agree; else the first difference. `nested`: --nestedcomments.
inline std::string compare_split(const std::string& text, bool strict, const std::string& error = "",
                                 bool nested = false) {
  return first_difference(read_whole(chess::byte_source_from_text(text, error), strict, nested),
                          read_split(chess::byte_source_from_text(text, error), strict, nested));
}

// The same for the chunked cut, with `ahead` texts in flight; `failures` counts the chunks that
// failed their check.
inline std::string compare_chunked(const std::string& text, bool strict, std::size_t ahead,
                                   const std::string& error = "", bool nested = false,
                                   std::size_t* failures = nullptr) {
  return first_difference(read_whole(chess::byte_source_from_text(text, error), strict, nested),
                          read_chunked(chess::byte_source_from_text(text, error), strict, nested, ahead, failures));
}

}  // namespace quarry::test
