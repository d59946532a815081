#!/usr/bin/env python3
"""Holds lib/ to the rooms ARCHITECTURE.md lists: every file of lib/src in a room's folder, every public
header in exactly one room, and every include between rooms running down the table (a room includes
only itself and the rooms listed above it). A public header counts as part of the room that
implements it, so `core/position.cpp` including `fen960/validate.hpp` would be core including rules.

The table is the one in ARCHITECTURE.md's "Rooms of lib/src" section, a row a room, top row lowest:
    | `core/` | ... | `types` `setup` ... |
(the room's folder in the first cell, its public headers, without .hpp, in backquotes in the last).

Usage: tests/layout.py [REPOSITORY]   (exit 1 with a line for each fault)
"""
import os
import re
import sys


def read_rooms(architecture):
    text = open(architecture, encoding="utf-8").read()
    section = re.search(r"^## Rooms of lib/src\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    if not section:
        sys.exit(f"{architecture}: no '## Rooms of lib/src' section")
    rooms = []
    for line in section.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not re.fullmatch(r"`[a-z_]+/`", cells[0]):
            continue
        rooms.append((cells[0].strip("`/"), re.findall(r"`([a-z_]+)`", cells[-1])))
    if not rooms:
        sys.exit(f"{architecture}: the rooms section has no table of rooms")
    return rooms


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    rooms = read_rooms(os.path.join(root, "ARCHITECTURE.md"))
    rank = {name: i for i, (name, _) in enumerate(rooms)}
    faults = []

    header_room = {}
    for name, headers in rooms:
        for h in headers:
            if h in header_room:
                faults.append(f"ARCHITECTURE.md: fen960/{h}.hpp is listed in {header_room[h]}/ and {name}/")
            header_room[h] = name
    include_dir = os.path.join(root, "lib", "include", "fen960")
    public = sorted(f[:-4] for f in os.listdir(include_dir) if f.endswith(".hpp"))
    for h in public:
        if h not in header_room:
            faults.append(f"lib/include/fen960/{h}.hpp is in no room of ARCHITECTURE.md")
    for h in header_room:
        if h not in public:
            faults.append(f"ARCHITECTURE.md lists fen960/{h}.hpp, which does not exist")

    src = os.path.join(root, "lib", "src")
    files = []  # (path shown, room)
    for entry in sorted(os.listdir(src)):
        path = os.path.join(src, entry)
        if not os.path.isdir(path):
            faults.append(f"lib/src/{entry} is in no room (lib/src holds only the rooms' folders)")
            continue
        if entry not in rank:
            faults.append(f"lib/src/{entry}/ is no room of ARCHITECTURE.md")
            continue
        for f in sorted(os.listdir(path)):
            if f.endswith((".cpp", ".hpp")):
                files.append((f"lib/src/{entry}/{f}", entry))
    for h in public:
        if h in header_room:
            files.append((f"lib/include/fen960/{h}.hpp", header_room[h]))

    for shown, room in files:
        for n, line in enumerate(open(os.path.join(root, shown), encoding="utf-8"), 1):
            m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if not m:
                continue
            target = m.group(1)
            if target.startswith("fen960/"):
                stem = target[len("fen960/"):-len(".hpp")]
                other = header_room.get(stem)
                if other is None:
                    continue  # reported above
            elif shown.startswith("lib/src/") and os.path.isfile(os.path.join(src, target)):
                other = target.split("/")[0]
            elif shown.startswith("lib/include/") and not target.startswith("fen960/"):
                faults.append(f"{shown}:{n}: a public header includes a private one ({target})")
                continue
            elif "/" not in target:
                if shown.startswith("lib/src/"):
                    faults.append(f"{shown}:{n}: include \"{target}\" without its room (\"{room}/{target}\")")
                continue
            else:
                continue  # a grammar's header (grammars/), below every room
            if rank[other] > rank[room]:
                faults.append(f"{shown}:{n}: {room}/ includes {target}, of {other}/, a room above it")

    for f in faults:
        print(f)
    if faults:
        print(f"layout: {len(faults)} fault(s); the rooms and their order are in ARCHITECTURE.md")
        return 1
    print(f"layout: {len(files)} files in {len(rooms)} rooms, every include running down the table")
    return 0


if __name__ == "__main__":
    sys.exit(main())
