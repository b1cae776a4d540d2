// Reads a PGN text twice, whole with one PgnReader (the one-thread run) and cut by PgnSplitter
// into games each read by a reader of its own (the threaded run), and says where they differ.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "chess/pgn_reader.h"
#include "chess/pgn_splitter.h"
#include "chess/pgn_writer.h"

namespace quarry::test {

// Everything a run sees of one game the reader returned.
inline std::string describe_read(chess::PgnReader::Status status, const chess::Game& game,
                                 const chess::PgnDiagnostic& diagnostic, const std::vector<chess::PgnDiagnostic>& warnings) {
  std::string s = "status " + std::to_string(static_cast<int>(status)) + " line " + std::to_string(game.first_line);
  if (status == chess::PgnReader::Status::Skipped) {
    return s + " skipped at " + std::to_string(diagnostic.line) + ": " + diagnostic.message + "\n";
  }
  for (const chess::PgnDiagnostic& w : warnings) s += " warning " + std::to_string(w.line) + ": " + w.message;
  s += "\n";
  chess::write_pgn(s, game, {});
  return s;
}

// The games as the one-thread run reads them, one description each, then the End's message.
inline std::vector<std::string> read_whole(std::unique_ptr<chess::ByteSource> source, bool strict, bool nested) {
  chess::PgnReader reader(std::move(source), "input");
  reader.set_strict(strict);
  reader.set_nested_comments(nested);
  std::vector<std::string> out;
  chess::Game game;
  chess::PgnDiagnostic diagnostic;
  while (true) {
    const chess::PgnReader::Status status = reader.next(game, diagnostic);
    if (status == chess::PgnReader::Status::End) {
      out.push_back("end: " + diagnostic.message);
      return out;
    }
    out.push_back(describe_read(status, game, diagnostic, reader.warnings()));
  }
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
    if (status == chess::PgnSplitter::Status::End) {
      out.push_back("end: ");
      return out;
    }
    if (status == chess::PgnSplitter::Status::Failed) {
      chess::PgnReader tail(chess::byte_source_from_text(std::string(text), splitter.error()), "input");
      tail.set_strict(strict);
      tail.set_nested_comments(nested);
      tail.start_at_line(first_line);
      while (true) {
        const chess::PgnReader::Status s = tail.next(game, diagnostic);
        if (s == chess::PgnReader::Status::End) {
          out.push_back("end: " + diagnostic.message);
          return out;
        }
        out.push_back(describe_read(s, game, diagnostic, tail.warnings()));
      }
    }
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

// "" when both readings agree; else the first difference. `nested`: --nestedcomments.
inline std::string compare_split(const std::string& text, bool strict, const std::string& error = "",
                                 bool nested = false) {
  const std::vector<std::string> whole = read_whole(chess::byte_source_from_text(text, error), strict, nested);
  const std::vector<std::string> split = read_split(chess::byte_source_from_text(text, error), strict, nested);
  for (std::size_t i = 0; i < whole.size() || i < split.size(); ++i) {
    const std::string a = i < whole.size() ? whole[i] : "(nothing)";
    const std::string b = i < split.size() ? split[i] : "(nothing)";
    if (a != b) return "game " + std::to_string(i + 1) + ": whole:\n" + a + "\nsplit:\n" + b;
  }
  return "";
}

}  // namespace quarry::test
