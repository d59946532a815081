# Warnings for the project's own targets, linked PRIVATE so consumers do not inherit them. It brings
# the project's code generation flags (fen960_flags, cmake/BuildFlags.cmake) as well: one link gives a
# target of this project all of its settings.
add_library(fen960_warnings INTERFACE)
target_compile_options(fen960_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                                 $<$<BOOL:${FEN960_WERROR}>:-Werror>)
target_link_libraries(fen960_warnings INTERFACE fen960_flags)
