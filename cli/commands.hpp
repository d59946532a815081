// Each sub-command adds itself to the application and, when chosen, sets the function main runs.
#pragma once

#include <functional>

#include <CLI/CLI.hpp>

namespace fen960::cli {

using Run = std::function<int()>;

void add_convert(CLI::App& app, Run& run);
void add_pgn(CLI::App& app, Run& run);
void add_startpos(CLI::App& app, Run& run);
void add_identify(CLI::App& app, Run& run);
void add_perft(CLI::App& app, Run& run);
void add_validate(CLI::App& app, Run& run);
void add_show(CLI::App& app, Run& run);
void add_play(CLI::App& app, Run& run);

} // namespace fen960::cli
