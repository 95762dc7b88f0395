#!/usr/bin/env python3
"""The include check of the test command: no include runs from a lower room of the house to a
higher one, and CUDA, GL and ImGui stay in the rooms that own them.

    python3 tools/check-includes.py [ROOT]     (ROOT: the source tree, this one by default)

Prints one sentence per include that breaks a rule (file:line, what it includes, the rule) and
exits 1; prints how many includes it read and exits 0 where none does.

The rooms, lowest first (README.md's Layout, STYLE.md's "shape of the house"):
  core/                      the model, plain C++20; its folders are floors (FLOORS below), each
                             including only the floors under it;
  kernels/, kernel_tracer/   beside each other above core/: the GPU, and a student's own kernel;
  app/                       the front ends, on top; app/gui/model/ is its ground floor (the app's
                             model without GL, which the tests and the exports link, and the
                             palette every view draws with): it includes nothing else of app/.
Only kernels/ includes CUDA (the runtime, CUB, Thrust, any .cuh); only app/ includes GL, GLFW,
EGL or ImGui. tests/ sit outside the house and may include any room.
"""
import os
import re
import sys

# Top-level rooms and their height; rooms of one height do not include each other.
ROOMS = {"core": 0, "kernels": 1, "kernel_tracer": 1, "app": 2}
# core/'s floors, lowest first (the files in core/ itself are the ground floor, "").
FLOORS = ["", "algorithms", "input", "engine", "recording", "emulation", "lesson", "trace_io", "course", "svg"]
# app/'s ground floor: the rest of app/ stands on it.
APP_GROUND = "app/gui/model/"
SOURCE = (".cpp", ".hpp", ".h", ".c", ".cu", ".cuh", ".inl")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]')
CUDA = re.compile(r"^(cuda_runtime(_api)?\.h|cuda\.h|cuda/|cub/|thrust/|cooperative_groups|device_launch_parameters\.h)|\.cuh$")
GRAPHICS = re.compile(r"^(GL/|GLES\d?/|GLFW/|EGL/|KHR/|glad/|imgui|implot|TextEditor\.h|imgui_md)")


def place(path):
    """(room, floor) of a path relative to the root, or None outside the house."""
    parts = path.split("/")
    room = parts[0]
    if room not in ROOMS or len(parts) < 2:
        return None
    floor = parts[1] if room == "core" and len(parts) > 2 else ""
    return room, floor


def height(room, floor):
    return (ROOMS[room], FLOORS.index(floor) if room == "core" and floor in FLOORS else 0)


def target_of(root, source, quote, name):
    """The included file's path relative to the root: as written (the house's includes name their
    room), or next to the including file for a quoted include that resolves there."""
    if quote == '"':
        beside = os.path.normpath(os.path.join(os.path.dirname(source), name))
        if not beside.startswith("..") and os.path.isfile(os.path.join(root, beside)):
            return beside
    return os.path.normpath(name)


def problems_in(root, source):
    here = place(source)
    with open(os.path.join(root, source), encoding="utf-8", errors="replace") as f:
        lines = f.readlines()
    count = 0
    for number, line in enumerate(lines, 1):
        m = INCLUDE.match(line)
        if not m:
            continue
        count += 1
        quote, name = m.groups()
        where = f"{source}:{number}: includes {quote}{name}{'>' if quote == '<' else quote}"
        room, floor = here
        if CUDA.search(name) and room != "kernels":
            yield count, f"{where}, CUDA, which only kernels/ includes"
            continue
        if GRAPHICS.match(name) and room != "app":
            yield count, f"{where}, GL or ImGui, which only app/ includes"
            continue
        target = target_of(root, source, quote, name)
        there = place(target)
        if there is not None and room == there[0] == "app" and source.startswith(APP_GROUND) and not target.startswith(APP_GROUND):
            folder = os.path.dirname(target) + "/"
            yield count, f"{where}: {APP_GROUND} may not include {folder}, a room of app/ above it"
            continue
        if there is None or there[0] == room and room != "core":
            continue
        if there[0] != room and ROOMS[there[0]] >= ROOMS[room]:
            yield count, f"{where}: {room}/ may not include {there[0]}/, a room {'beside' if ROOMS[there[0]] == ROOMS[room] else 'above'} it"
        elif there[0] == room == "core" and there[1] != floor:
            if there[1] not in FLOORS:
                yield count, f"{where}: core/{there[1]}/ is not a floor tools/check-includes.py knows (add it to FLOORS)"
            elif floor not in FLOORS:
                yield count, f"{where}: core/{floor}/ is not a floor tools/check-includes.py knows (add it to FLOORS)"
            elif height(*there) > height(*here):
                yield count, f"{where}: core/{floor or ''} may not include core/{there[1]}/, a floor above it"
    yield count, None


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    root = os.path.abspath(root)
    includes = 0
    problems = []
    for room in ROOMS:
        for folder, _, files in os.walk(os.path.join(root, room)):
            for name in sorted(files):
                if name.endswith(SOURCE):
                    source = os.path.relpath(os.path.join(folder, name), root)
                    for count, problem in problems_in(root, source):
                        if problem:
                            problems.append(problem)
                        else:
                            includes += count
    for problem in problems:
        print(problem)
    if problems:
        print(f"include check: {len(problems)} include(s) run against the house's order (tools/check-includes.py says the rules)")
        return 1
    print(f"include check: {includes} includes in {', '.join(r + '/' for r in ROOMS)} keep the house's order")
    return 0


if __name__ == "__main__":
    sys.exit(main())
