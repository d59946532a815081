# Code generation for this project's own targets only: fen960_flags, which fen960_warnings brings to
# every target that links it PRIVATE (cmake/Warnings.cmake). Nothing here is global, so a project that
# embeds this one (add_subdirectory, FetchContent) keeps its own flags; with FEN960_SANITIZE its link
# gets the sanitizer runtimes that fen960's objects call, nothing more.
add_library(fen960_flags INTERFACE)

# Bitboard code counts bits everywhere; without POPCNT, x86-64 compilers call a library routine for
# each count (bench/instructions.sh: 2,102 instead of 1,825 instructions a record converted, 1,095
# instead of 1,067 a ply of pgn --positions). This is the one choice: with the instruction, perft's
# run-time choice of a POPCNT variant (position.cpp) compiles out; without it, for a processor older
# than 2008-2010, the library stays portable and perft still picks that variant where the CPU has it.
option(FEN960_POPCNT "Use the x86-64 POPCNT instruction" ON)
if(FEN960_POPCNT AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  target_compile_options(fen960_flags INTERFACE -mpopcnt)
endif()

if(FEN960_FUZZ)
  set(FEN960_SANITIZE ON)
  target_compile_options(fen960_flags INTERFACE -fsanitize=fuzzer-no-link)
endif()
if(FEN960_SANITIZE)
  target_compile_options(fen960_flags INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=all
                                                -fno-omit-frame-pointer)
  target_link_options(fen960_flags INTERFACE -fsanitize=address,undefined)
endif()
