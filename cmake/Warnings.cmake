# Warnings for the project's own targets, linked PRIVATE so consumers do not inherit them.
add_library(fen960_warnings INTERFACE)
target_compile_options(fen960_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                                 $<$<BOOL:${FEN960_WERROR}>:-Werror>)
